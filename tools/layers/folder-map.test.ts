// The folder maps cannot fall behind the code: every area of lib/, every feature folder of components/ and
// every folder of tools/ is named in docs/architecture.md's map, and every lib area in the README's short map.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
    .map((entry) => entry.name);

/** The fenced block under the page's "Folder map" heading. */
function folderMap(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('## Folder map');
  const block = /```\n([\s\S]*?)```/.exec(text.slice(start));
  if (start < 0 || !block) throw new Error(`${file} has no folder map`);
  return block[1] as string;
}

const unnamed = (map: string, names: string[]) => names.filter((name) => !new RegExp(`(^|[\\s(])${name}/`).test(map));

describe('the folder maps', () => {
  it('docs/architecture.md names every lib area, components folder and tools folder', () => {
    const map = folderMap('docs/architecture.md');
    expect(unnamed(map, folders('lib'))).toEqual([]);
    expect(unnamed(map, folders('components'))).toEqual([]);
    expect(unnamed(map, folders('tools'))).toEqual([]);
  });

  it("the README's short map names every lib area", () => {
    expect(unnamed(folderMap('README.md'), folders('lib'))).toEqual([]);
  });
});
