// Per-request Content-Security-Policy with a nonce (Next.js adds it to its own scripts). Scripts run only
// from this origin with the nonce; style attributes stay allowed because React, charts and the virtualized
// tables position elements with them.
//
// Only HTML documents pass through here (see `config.matcher`): a CSP governs what a document may run, so the
// Flight answers of server actions and client navigations and the API's JSON and files have nothing to gain
// from it, and running the proxy cost every such request about 4 ms of CPU (a third of an expert's verdict
// save; issue 21). Their static headers and HSTS come from next.config.js.
import { type NextRequest, NextResponse } from 'next/server';

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const dev = process.env.NODE_ENV === 'development';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Not the API (/api/*, including the import upload: Next.js copies a request body for the proxy into memory
      // and cuts it at 10 MB, proxyClientMaxBodySize, which truncated every larger upload), not static files.
      source: '/((?!api/|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
        // A server action called from a page (a form without JavaScript posts without this header and gets a
        // document, so it still passes here) and a client navigation or refresh: both answer with Flight data.
        { type: 'header', key: 'next-action' },
        { type: 'header', key: 'rsc' },
      ],
    },
  ],
};
