// The one parser for ids in URLs: route segments (/audit/work/[id]) and id-valued search parameters. Anything
// that is not plain digits within int4 is "no such thing" (pages answer 404, API routes 404 with a message),
// never a number handed to the database.
import { z } from '@/lib/zod';
import { dbIdRange } from '@/lib/http/db-id';

const routeIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .pipe(z.coerce.number<string>().pipe(dbIdRange));

/** A route's [id] segment as a database id, or null when it cannot be one. */
export function parseRouteId(segment: string | string[] | undefined): number | null {
  const value = Array.isArray(segment) ? segment[0] : segment;
  const parsed = routeIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
