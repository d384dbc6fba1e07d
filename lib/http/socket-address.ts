// Next.js does not hand route handlers or server actions the TCP peer's address, and under `next start` it fills
// X-Forwarded-For with that address only when the client sent none, so the header alone can always be forged.
// This taps Node's own HTTP server (the `http.server.request.start` diagnostics channel, which fires before
// Next.js reads the request) and writes the socket's address into a header of ours, overwriting whatever the
// client put there. instrumentation.ts installs it once per server process.
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export const SOCKET_ADDRESS_HEADER = 'x-rubric-audit-socket-address';

const state = globalThis as unknown as { __rubricAuditSocketTap?: boolean };

function tagRequest(message: unknown): void {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket };
  request.headers[SOCKET_ADDRESS_HEADER] = socket.remoteAddress ?? '';
}

/** Subscribes once; from then on every request this process serves carries its real peer address. */
export function installSocketAddressTap(): void {
  if (state.__rubricAuditSocketTap) return;
  diagnosticsChannel.subscribe('http.server.request.start', tagRequest);
  state.__rubricAuditSocketTap = true;
}

/** Whether SOCKET_ADDRESS_HEADER can be believed: without the tap a client could have written it. */
export function socketAddressTapInstalled(): boolean {
  return state.__rubricAuditSocketTap === true;
}
