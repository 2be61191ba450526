import type { CheckStatus } from '@upmon/core';
import { Prisma, type PrismaClient } from '@upmon/db';

export interface FanOutFlip {
  id: bigint;
  checkId: string;
  projectId: string;
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  ts: Date;
  checkTags: string[];
}

export interface FanOutIntegration {
  id: number;
  enabled: boolean;
  events: string[];
  tags: unknown;
  reminders: unknown;
}

/** Reads for the fan-out hot path in plain SQL (one round trip each, no model mapping). */
export function createFanOutStore(prisma: PrismaClient) {
  return {
    /** The flip and its check's tags; null when the flip (or its check) is gone. */
    async loadFlip(flipId: string): Promise<FanOutFlip | null> {
      const rows = await prisma.$queryRaw<FanOutFlip[]>`
        SELECT f.id, f.check_id AS "checkId", f.project_id AS "projectId", f.old_status::text AS "oldStatus",
               f.new_status::text AS "newStatus", f.ts, c.tags AS "checkTags"
        FROM flips f JOIN checks c ON c.id = f.check_id
        WHERE f.id = ${BigInt(flipId)}`;
      return rows[0] ?? null;
    },

    /** Enabled integrations of the project; matching on events and tags is done in core. */
    loadIntegrations(projectId: string): Promise<FanOutIntegration[]> {
      return prisma.$queryRaw<FanOutIntegration[]>`
        SELECT id, enabled, events, tags, reminders FROM integrations
        WHERE project_id = ${projectId}::uuid AND enabled ORDER BY id`;
    },

    /** Schedules the reminders of a down flip; idempotent (a re-run flip job adds nothing). */
    async createReminders(rows: { integrationId: number; checkId: string; flipId: bigint; hours: number; dueAt: Date }[]): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map((r) => Prisma.sql`(${r.integrationId}, ${r.checkId}::uuid, ${r.flipId}, ${r.hours}, ${r.dueAt})`);
      await prisma.$executeRaw`
        INSERT INTO reminders (integration_id, check_id, flip_id, hours, due_at)
        VALUES ${Prisma.join(values)}
        ON CONFLICT (integration_id, flip_id, hours) DO NOTHING`;
    },

    /** A check left down: reminders of earlier down flips will not be sent. */
    async cancelReminders(checkId: string, beforeFlipId: bigint, now: Date): Promise<number> {
      return prisma.$executeRaw`
        UPDATE reminders SET cancelled_at = ${now}
        WHERE check_id = ${checkId}::uuid AND flip_id < ${beforeFlipId} AND sent_at IS NULL AND cancelled_at IS NULL`;
    },
  };
}

export type FanOutStore = ReturnType<typeof createFanOutStore>;
