// npm run import:schema – writes docs/native-format.schema.json from the zod schema (lib/import/native-schema.ts).
import fs from 'node:fs';
import { NATIVE_SCHEMA_FILE, nativeJsonSchemaText } from '@/lib/import/native-json-schema';

fs.writeFileSync(NATIVE_SCHEMA_FILE, nativeJsonSchemaText());
console.log(`wrote ${NATIVE_SCHEMA_FILE}`);
