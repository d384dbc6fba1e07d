import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCredentials } from '@/lib/db/embedded-postgres';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-credentials-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('readCredentials', () => {
  it('reads a well-formed credentials file', () => {
    expect(readCredentials(write('good.json', '{"user":"rubric","password":"s3cret"}'))).toEqual({ user: 'rubric', password: 's3cret' });
  });

  it('names the file and the field when a field is missing or empty', () => {
    const file = write('empty-password.json', '{"user":"rubric","password":""}');
    expect(() => readCredentials(file)).toThrow(`${file}: field "password"`);
    const missing = write('no-user.json', '{"password":"x"}');
    expect(() => readCredentials(missing)).toThrow(`${missing}: field "user"`);
  });

  it('names the file when it is not JSON', () => {
    const file = write('truncated.json', '{"user":"rub');
    expect(() => readCredentials(file)).toThrow(`${file}: not readable JSON`);
  });
});
