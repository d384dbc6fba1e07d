// The client's address for per-address limits and session records. TRUSTED_PROXY_HOPS says how many reverse
// proxies the operator runs in front of the app: 0 (the default) uses the TCP peer's address and ignores
// X-Forwarded-For entirely (any client can send it); N takes the Nth address from the right of X-Forwarded-For,
// the one the outermost trusted proxy appended. Sign-in throttling (lib/auth/throttle.ts) and better-auth
// (lib/auth.ts, app/api/auth) both read it from here.
import { env } from '@/lib/env';
import { SOCKET_ADDRESS_HEADER, socketAddressTapInstalled } from '@/lib/http/socket-address';

/** The header better-auth reads the address from (advanced.ipAddress); set only by authHeaders(). */
export const CLIENT_ADDRESS_HEADER = 'x-rubric-audit-client-address';

/** When no address can be trusted (no socket tap, e.g. a custom server): one shared bucket, never a header. */
export const UNKNOWN_ADDRESS = 'unknown';

const normalize = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

export function clientAddress(headers: Headers, hops: number = env().TRUSTED_PROXY_HOPS): string {
  const socket = socketAddressTapInstalled() ? headers.get(SOCKET_ADDRESS_HEADER)?.trim() || null : null;
  if (hops > 0) {
    const forwarded = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request did not come through the proxy chain; its peer is the truth.
    const chosen = forwarded.length >= hops ? forwarded[forwarded.length - hops] : undefined;
    if (chosen) return normalize(chosen);
  }
  return socket ? normalize(socket) : UNKNOWN_ADDRESS;
}

/** A copy of `headers` whose CLIENT_ADDRESS_HEADER is the trusted address (any value the client sent is replaced). */
export function authHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, clientAddress(headers));
  return copy;
}
