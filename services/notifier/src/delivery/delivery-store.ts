import type { CheckKind, CheckStatus, FlipReason } from '@upmon/core';
import type { DeliveryStatus, IntegrationKind, PrismaClient } from '@upmon/db';

export interface DeliveryTarget {
  integrationId: number;
  kind: IntegrationKind;
  name: string;
  enabled: boolean;
  /** AES-GCM ciphertext of the channel config. */
  config: Uint8Array;
  quietHours: unknown;
  telegramChatId: string | null;
  checkId: string;
  checkName: string;
  checkKind: CheckKind;
  checkTags: string[];
  checkStatus: CheckStatus;
}

export interface DeliveryFlip {
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  reason: FlipReason;
  ts: Date;
  /** When the check entered `oldStatus` (the previous flip's time), if known. */
  previousSince: Date | null;
}

export interface FlipCause {
  exitStatus: number | null;
  body: Uint8Array | null;
}

export interface AttemptRecord {
  integrationId: number;
  checkId: string;
  flipId: bigint | null;
  event: string;
  attempt: number;
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
}

/**
 * The delivery worker's reads and writes, in plain SQL: this is the hot path (a few round trips
 * per delivery), where Prisma's model mapping costs more than the query.
 */
export function createDeliveryStore(prisma: PrismaClient) {
  return {
    /** The integration and the check (same project); null when either is gone. */
    async loadTarget(integrationId: number, checkId: string): Promise<DeliveryTarget | null> {
      // bytea goes through raw queries as base64 text: the driver adapter cannot return it as Bytes.
      const rows = await prisma.$queryRaw<(Omit<DeliveryTarget, 'config'> & { config: string })[]>`
        SELECT i.id AS "integrationId", i.kind::text AS kind, i.name, i.enabled, encode(i.config, 'base64') AS config, i.quiet_hours AS "quietHours",
               i.telegram_chat_id AS "telegramChatId", c.id AS "checkId", c.name AS "checkName", c.kind::text AS "checkKind",
               c.tags AS "checkTags", c.status::text AS "checkStatus"
        FROM integrations i JOIN checks c ON c.project_id = i.project_id AND c.id = ${checkId}::uuid
        WHERE i.id = ${integrationId}`;
      const row = rows[0];
      return row ? { ...row, config: Buffer.from(row.config, 'base64') } : null;
    },

    async loadFlip(flipId: bigint): Promise<DeliveryFlip | null> {
      const rows = await prisma.$queryRaw<DeliveryFlip[]>`
        SELECT f.old_status::text AS "oldStatus", f.new_status::text AS "newStatus", f.reason::text AS reason, f.ts,
               (SELECT p.ts FROM flips p WHERE p.check_id = f.check_id AND p.ts <= f.ts AND p.id < f.id
                ORDER BY p.ts DESC, p.id DESC LIMIT 1) AS "previousSince"
        FROM flips f WHERE f.id = ${flipId}`;
      return rows[0] ?? null;
    },

    /**
     * The ping that caused a fail/exit flip: the latest non-log ping at most 2 s after the flip
     * time (the ping's ts comes from the database clock, the flip's from the service's).
     */
    async loadCause(checkId: string, flipTs: Date): Promise<FlipCause | null> {
      const rows = await prisma.$queryRaw<{ exitStatus: number | null; body: string | null }[]>`
        SELECT exit_status AS "exitStatus", encode(body, 'base64') AS body FROM pings
        WHERE check_id = ${checkId}::uuid AND ts <= ${new Date(flipTs.getTime() + 2000)} AND type IN ('fail', 'exit', 'success')
        ORDER BY ts DESC LIMIT 1`;
      const row = rows[0];
      return row ? { exitStatus: row.exitStatus, body: row.body === null ? null : Buffer.from(row.body, 'base64') } : null;
    },

    async loadReminder(reminderId: bigint): Promise<{ flipId: bigint; downSince: Date; reason: FlipReason } | null> {
      const rows = await prisma.$queryRaw<{ flipId: bigint; downSince: Date; reason: FlipReason }[]>`
        SELECT r.flip_id AS "flipId", f.ts AS "downSince", f.reason::text AS reason
        FROM reminders r JOIN flips f ON f.id = r.flip_id WHERE r.id = ${reminderId}`;
      return rows[0] ?? null;
    },

    async loadHeld(ids: bigint[]): Promise<{ event: 'down' | 'up' | 'late' | 'reminder'; ts: Date }[]> {
      if (ids.length === 0) return [];
      return prisma.$queryRaw`SELECT event, ts FROM held_notifications WHERE id = ANY(${ids}::bigint[]) ORDER BY ts, id`;
    },

    /** When the check entered its current status: its latest flip's time. */
    async loadStatusSince(checkId: string): Promise<Date | null> {
      const rows = await prisma.$queryRaw<{ ts: Date }[]>`
        SELECT ts FROM flips WHERE check_id = ${checkId}::uuid ORDER BY ts DESC, id DESC LIMIT 1`;
      return rows[0]?.ts ?? null;
    },

    /**
     * True when this flip event already reached this integration: a job re-run after Redis lost
     * its completion (or after its id expired) does not send it again.
     */
    async alreadyDelivered(integrationId: number, flipId: bigint, event: string): Promise<boolean> {
      const rows = await prisma.$queryRaw<unknown[]>`
        SELECT 1 FROM notification_deliveries
        WHERE flip_id = ${flipId} AND integration_id = ${integrationId} AND event = ${event} AND status = 'succeeded' LIMIT 1`;
      return rows.length > 0;
    },

    async recordAttempt(a: AttemptRecord): Promise<void> {
      await prisma.$executeRaw`
        INSERT INTO notification_deliveries (integration_id, flip_id, check_id, event, attempt, status, status_code, error, latency_ms)
        VALUES (${a.integrationId}, ${a.flipId}, ${a.checkId}::uuid, ${a.event}, ${a.attempt}, ${a.status}::"DeliveryStatus",
                ${a.statusCode}, ${a.error}, ${a.latencyMs})`;
    },

    /**
     * Holds a notification until quiet hours end. Idempotent per (integration, flip, event);
     * a later reminder of the same down flip re-arms its row (a reminder a night later is a new
     * notification even if the earlier one was already released).
     */
    async hold(h: { integrationId: number; checkId: string; flipId: bigint; event: string; ts: Date; releaseAt: Date }): Promise<void> {
      if (h.event === 'reminder') {
        await prisma.$executeRaw`
          INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at)
          VALUES (${h.integrationId}, ${h.checkId}::uuid, ${h.flipId}, ${h.event}, ${h.ts}, ${h.releaseAt})
          ON CONFLICT (integration_id, flip_id, event)
          DO UPDATE SET ts = EXCLUDED.ts, release_at = EXCLUDED.release_at, released_at = NULL`;
      } else {
        await prisma.$executeRaw`
          INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at)
          VALUES (${h.integrationId}, ${h.checkId}::uuid, ${h.flipId}, ${h.event}, ${h.ts}, ${h.releaseAt})
          ON CONFLICT (integration_id, flip_id, event) DO NOTHING`;
      }
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
