// GET/POST /api/auth/* – the few better-auth endpoints the app uses over HTTP (session lookup, sign-in, sign-out,
// password change; lib/auth/auth-routes.ts); every other path is refused here before better-auth sees it. The
// client's address better-auth records and limits by is the one lib/http/client-address.ts trusts, never a
// header the client chose.
import { toNextJsHandler } from 'better-auth/next-js';
import { auth } from '@/lib/auth';
import { refuseAuthRequest } from '@/lib/auth/auth-routes';
import { authHeaders } from '@/lib/http/client-address';

async function handle(request: Request, method: 'GET' | 'POST'): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth(?=\/)/, '');
  const refusal = refuseAuthRequest(method, path);
  if (refusal) return refusal;
  const trusted = new Request(request, { headers: authHeaders(request.headers) });
  return await toNextJsHandler(auth())[method](trusted);
}

export async function GET(request: Request) {
  return await handle(request, 'GET');
}

export async function POST(request: Request) {
  return await handle(request, 'POST');
}
