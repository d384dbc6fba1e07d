import type { Metadata } from 'next';
import localFont from 'next/font/local';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

// Bundled font files: nothing is fetched from a font CDN (the build works offline).
const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  display: 'swap',
});

export const metadata: Metadata = {
  title: { default: 'Rubric Audit', template: '%s · Rubric Audit' },
  description: 'Blind expert audit of LLM-generated medical scoring rubrics.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page reads the database and carries a per-request CSP nonce, so nothing is prerendered.
  await connection();
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900">{children}</body>
    </html>
  );
}
