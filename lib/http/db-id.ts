// Integers that come from outside (action inputs, URL parameters, cursors) and end up compared with an int4
// column: checked here, at the boundary, so an out-of-range value is a field error and never a database error.
import { z } from '@/lib/zod';

/** PostgreSQL `integer` (int4), the type of every id and row version in the schema. */
export const INT4_MAX = 2_147_483_647;
const INT4_MAX_TEXT = INT4_MAX.toLocaleString('en-US');

/** The range of a database id, for a value that is already a number. */
export const dbIdRange = z
  .number()
  .int('must be an id (a whole number)')
  .min(1, 'must be an id of 1 or more')
  .max(INT4_MAX, `must be an id of at most ${INT4_MAX_TEXT}`);

/** A database id from outside: a whole number from 1 to 2,147,483,647, given as a number or as digits. */
export const dbId = z.coerce.number().pipe(dbIdRange);

/** A row version or other counter stored as int4: a whole number from `min` to 2,147,483,647. */
export const dbInt = (min = 0) =>
  z.coerce.number().int('must be a whole number').min(min, `must be at least ${min}`).max(INT4_MAX, `must be at most ${INT4_MAX_TEXT}`);
