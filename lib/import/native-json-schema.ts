import path from 'node:path';
import { nativeJsonSchema } from '@/lib/import/native-schema';

export const NATIVE_SCHEMA_FILE = path.join(process.cwd(), 'docs', 'native-format.schema.json');

export function nativeJsonSchemaText(): string {
  const schema = {
    $id: 'https://rubric-audit.local/native-format.schema.json',
    title: 'Rubric Audit native query record (one JSON Lines line)',
    ...nativeJsonSchema(),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
