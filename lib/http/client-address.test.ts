// The client address the sign-in limits key on: the TCP peer's, taken from a real Node HTTP server through the
// socket tap (a header the client forges is overwritten), or with TRUSTED_PROXY_HOPS=N the Nth address from the
// right of X-Forwarded-For. Never the client's own X-Forwarded-For by default.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS, clientAddress } from '@/lib/http/client-address';
import { SOCKET_ADDRESS_HEADER, installSocketAddressTap } from '@/lib/http/socket-address';

const FORGED = { [SOCKET_ADDRESS_HEADER]: '203.0.113.66', 'x-forwarded-for': '203.0.113.99, 198.51.100.5' };

/** Serves one request on loopback and returns what clientAddress() made of the headers the server saw. */
async function addressesSeenByServer(): Promise<Record<string, string>> {
  const server = http.createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    response.end(
      JSON.stringify({
        hops0: clientAddress(headers, 0),
        hops1: clientAddress(headers, 1),
        hops2: clientAddress(headers, 2),
        hops3: clientAddress(headers, 3),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: FORGED });
    return (await response.json()) as Record<string, string>;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('clientAddress', () => {
  it('without the socket tap nothing the request says is believed: one shared bucket', () => {
    expect(clientAddress(new Headers(FORGED), 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('with the tap, a real server sees the socket address whatever the client forged; hops pick from X-Forwarded-For', async () => {
    installSocketAddressTap();
    expect(await addressesSeenByServer()).toEqual({
      hops0: '127.0.0.1',
      hops1: '198.51.100.5',
      hops2: '203.0.113.99',
      // More proxies configured than addresses present: the request bypassed them, so its peer is the truth.
      hops3: '127.0.0.1',
    });
  });

  it('IPv4-mapped IPv6 peers read as IPv4', () => {
    expect(clientAddress(new Headers({ [SOCKET_ADDRESS_HEADER]: '::ffff:10.0.0.7' }), 0)).toBe('10.0.0.7');
    expect(clientAddress(new Headers({ [SOCKET_ADDRESS_HEADER]: '2001:db8::1' }), 0)).toBe('2001:db8::1');
  });
});
