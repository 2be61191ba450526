import { scheduleOf } from '@upmon/check-store';
import { httpConfigFromJson, joinHttpConfig, type HttpConfig, type Schedule } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { createPgPool } from '@upmon/db';

/**
 * A check as the prober needs it. `config` is null unless it is an unpaused http check whose
 * http_config could be read; `unreadable` says why one could not (then `config` is null too).
 */
export interface ProbeTarget {
  id: string;
  kind: 'heartbeat' | 'http';
  status: string;
  schedule: Schedule;
  config: HttpConfig | null;
  unreadable: string | null;
}

interface ProbeTargetRow {
  id: string;
  kind: 'heartbeat' | 'http';
  status: string;
  http_config: unknown;
  http_secrets: Buffer | null;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
}

/** The check's whole http_config: plain settings joined with the decrypted credentials. */
function probeConfigOf(row: ProbeTargetRow, cipher: Cipher): HttpConfig {
  return httpConfigFromJson(joinHttpConfig(row.http_config, row.http_secrets ? cipher.decryptJson(row.http_secrets, AAD.checkHttpSecrets(row.id)) : null));
}

/**
 * Reads the checks of a job's probes, by id, in one query (a deleted check is simply absent).
 * The only place the prober reads http_config: its settings and its decrypted credentials become
 * an HttpConfig here. SQL on a pg pool rather than Prisma: this runs for every job.
 */
export async function readProbeTargets(pool: ReturnType<typeof createPgPool>, cipher: Cipher, ids: readonly string[]): Promise<Map<string, ProbeTarget>> {
  const { rows } = await pool.query<ProbeTargetRow>(
    'SELECT id, kind, status, http_config, http_secrets, schedule_kind, period_sec, cron, oncalendar, tz FROM checks WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const targets = new Map<string, ProbeTarget>();
  for (const r of rows) {
    let config: HttpConfig | null = null;
    let unreadable: string | null = null;
    if (r.kind === 'http' && r.status !== 'paused') {
      // One check whose credentials cannot be decrypted (ENCRYPTION_KEY changed) must not stop
      // the other probes of its job: it is skipped, and times out like any unprobed check.
      try {
        config = probeConfigOf(r, cipher);
      } catch (err) {
        unreadable = (err as Error).message;
      }
    }
    targets.set(r.id, {
      id: r.id,
      kind: r.kind,
      status: r.status,
      schedule: scheduleOf({ scheduleKind: r.schedule_kind, periodSec: r.period_sec, cron: r.cron, oncalendar: r.oncalendar, tz: r.tz }),
      config,
      unreadable,
    });
  }
  return targets;
}
