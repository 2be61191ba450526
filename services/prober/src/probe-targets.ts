import { scheduleOf } from '@upmon/check-store';
import { httpConfigFromJson, type HttpConfig, type Schedule } from '@upmon/core';
import type { createPgPool } from '@upmon/db';

/** A check as the prober needs it. `config` is null unless it is an unpaused http check. */
export interface ProbeTarget {
  id: string;
  kind: 'heartbeat' | 'http';
  status: string;
  schedule: Schedule;
  config: HttpConfig | null;
}

interface ProbeTargetRow {
  id: string;
  kind: 'heartbeat' | 'http';
  status: string;
  http_config: unknown;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
}

/**
 * Reads the checks of a job's probes, by id, in one query (a deleted check is simply absent).
 * The only place the prober reads http_config: turn it into an HttpConfig here (and decrypt it
 * here, once it is stored encrypted). SQL on a pg pool rather than Prisma: this runs for every job.
 */
export async function readProbeTargets(pool: ReturnType<typeof createPgPool>, ids: readonly string[]): Promise<Map<string, ProbeTarget>> {
  const { rows } = await pool.query<ProbeTargetRow>(
    'SELECT id, kind, status, http_config, schedule_kind, period_sec, cron, oncalendar, tz FROM checks WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const targets = new Map<string, ProbeTarget>();
  for (const r of rows) {
    const probed = r.kind === 'http' && r.status !== 'paused';
    targets.set(r.id, {
      id: r.id,
      kind: r.kind,
      status: r.status,
      schedule: scheduleOf({ scheduleKind: r.schedule_kind, periodSec: r.period_sec, cron: r.cron, oncalendar: r.oncalendar, tz: r.tz }),
      config: probed ? httpConfigFromJson(r.http_config) : null,
    });
  }
  return targets;
}
