// Appends to the audit trail (audit_events is append-only at the database level). Pass the transaction
// client so the event commits or rolls back with the change it describes.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { prisma } from '@/lib/db';

type Db = Pick<typeof prisma, 'auditEvent'> | Prisma.TransactionClient;

export interface AuditEventInput {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Prisma.InputJsonValue;
}

export async function recordEvent(db: Db, event: AuditEventInput): Promise<void> {
  await db.auditEvent.create({ data: eventData(event) });
}

/** Several events in one INSERT, in the order given. */
export async function recordEvents(db: Db, events: AuditEventInput[]): Promise<void> {
  if (events.length) await db.auditEvent.createMany({ data: events.map(eventData) });
}

function eventData(event: AuditEventInput) {
  const before = toJson(event.before);
  const after = toJson(event.after);
  return {
    actorId: event.actorId,
    action: event.action,
    entityType: event.entityType,
    entityId: String(event.entityId),
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
  };
}
