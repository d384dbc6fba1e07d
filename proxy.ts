// Per-request Content-Security-Policy with a nonce (Next.js adds it to its own scripts). Scripts run only
// from this origin with the nonce; style attributes stay allowed because React, charts and the virtualized
// tables position elements with them.
import { type NextRequest, NextResponse } from 'next/server';

const HSTS = 'max-age=63072000; includeSubDomains';

function servedOverHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    // API routes carry their own locked-down CSP (next.config.js); here they only get HSTS.
    const response = NextResponse.next();
    if (servedOverHttps(request)) response.headers.set('Strict-Transport-Security', HSTS);
    return response;
  }
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
  // HSTS only when the request reached us over HTTPS (directly or through a TLS-terminating proxy): over plain
  // HTTP the header is ignored by browsers and would only mislead.
  if (servedOverHttps(request)) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

export const config = {
  matcher: [
    {
      // Not the import upload (/api/imports): Next.js copies a request body for the proxy into memory and cuts
      // it at 10 MB (proxyClientMaxBodySize), which truncated every larger upload (found by both
      // npm run faults and npm run stress). next.config.js gives these routes their HSTS header instead.
      source: '/((?!_next/static|_next/image|favicon.ico|api/imports).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
