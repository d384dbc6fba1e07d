import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NATIVE_SCHEMA_FILE, nativeJsonSchemaText } from '@/lib/import/native-json-schema';

describe('docs/native-format.schema.json', () => {
  it('is up to date with the zod schema (npm run import:schema)', () => {
    expect(fs.readFileSync(NATIVE_SCHEMA_FILE, 'utf8')).toBe(nativeJsonSchemaText());
  });

  it('describes the required fields and the tier enum', () => {
    const schema = JSON.parse(nativeJsonSchemaText()) as {
      required: string[];
      properties: Record<string, { items?: { properties?: Record<string, { enum?: string[] }> } }>;
    };
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'category', 'conversation']));
    expect(schema.properties.criteria?.items?.properties?.tier?.enum).toEqual(['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL']);
  });
});
