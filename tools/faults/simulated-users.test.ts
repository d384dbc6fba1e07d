import { describe, expect, it } from 'vitest';
import { parseActionReply } from '@/tools/app-process/app-user';
import { classifyAction, classifyApi, classifyPage } from '@/tools/faults/simulated-users';

describe('what a simulated user got', () => {
  it('tells a served page from the outage notice and from a bare error', () => {
    expect(classifyPage(200, '<html><h1>My audits</h1></html>')).toBe('ok');
    // The error page of an outage carries the digest its error boundary turns into the notice.
    expect(classifyPage(500, '<html id="__next_error__">…"digest":"DATABASE_UNAVAILABLE"…</html>')).toBe('outage');
    expect(classifyPage(500, '<html id="__next_error__">…"digest":"3914836991"…</html>')).toBe('error');
    expect(classifyPage(502, '')).toBe('error');
  });

  it('counts only a 503 that says so as the outage for API routes', () => {
    expect(classifyApi(200, '{"jobs":[]}')).toBe('ok');
    expect(classifyApi(503, '{"error":"The database is unreachable right now. Nothing was changed; try again shortly."}')).toBe('outage');
    expect(classifyApi(503, '{"ok":false,"database":"down"}')).toBe('outage');
    expect(classifyApi(503, '')).toBe('error');
    expect(classifyApi(500, '')).toBe('error');
  });

  it('reads the action result from an RSC reply and classifies it', () => {
    const reply =
      '0:{"a":"$@1","f":"","b":"build-1"}\n1:{"ok":false,"code":"UNAVAILABLE","error":"The database is unreachable right now."}\n';
    const result = parseActionReply(reply);
    expect(result).toEqual({ ok: false, code: 'UNAVAILABLE', error: 'The database is unreachable right now.' });
    expect(classifyAction(200, result)).toBe('outage');
    expect(classifyAction(200, parseActionReply('0:{"a":"$@1"}\n1:{"ok":true,"data":{"tasks":3}}\n'))).toBe('ok');
    // A domain refusal is the app working normally; an unexpected error or no result is not.
    expect(classifyAction(200, { ok: false, code: 'NOT_FOUND' })).toBe('ok');
    expect(classifyAction(200, { ok: false, code: 'ERROR' })).toBe('error');
    expect(classifyAction(500, parseActionReply('0:{"a":"$@1"}\n1:E{"digest":"123"}\n'))).toBe('error');
    expect(parseActionReply('1:E{"digest":"123"}\n')).toBeNull();
  });
});
