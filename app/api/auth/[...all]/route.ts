// GET/POST /api/auth/* – better-auth's own endpoints (session lookup, sign-in over HTTP, sign-out).
import { toNextJsHandler } from 'better-auth/next-js';
import { auth } from '@/lib/auth';

export async function GET(request: Request) {
  return await toNextJsHandler(auth()).GET(request);
}

export async function POST(request: Request) {
  return await toNextJsHandler(auth()).POST(request);
}
