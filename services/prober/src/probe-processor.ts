import { scheduleOf } from '@upmon/check-store';
import { classifyProbe, httpConfigFromJson, isProbeSuperseded, joinHttpConfig, type HttpConfig } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { createPgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Processor } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { performHttpProbe, type HttpProbeOptions } from './http-probe.js';
import type { ProbeResultStore } from './probe-result-store.js';

export interface ProbeProcessorDeps {
  pool: ReturnType<typeof createPgPool>;
  /** Decrypts the http_config credentials (url, headers, basic_auth). */
  cipher: Cipher;
  results: ProbeResultStore;
  logger: Logger;
  clock: Clock;
  http: HttpProbeOptions;
}

interface ProbeTargetRow {
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
function probeConfigOf(check: ProbeTargetRow, cipher: Cipher): HttpConfig {
  return httpConfigFromJson(joinHttpConfig(check.http_config, check.http_secrets ? cipher.decryptJson(check.http_secrets) : null));
}

/**
 * The `probes` worker's processor: load the check, skip it when it is gone, not http, paused or
 * the job is stale; probe; judge; record. Probe failures are results, not job failures: the job
 * fails only when the database is unreachable (and is not retried: the next scheduled probe comes).
 * SQL on a pg pool rather than Prisma: this runs for every probe.
 */
export function createProbeProcessor(deps: ProbeProcessorDeps): Processor<'probes'> {
  return async (payload, job) => {
    const { rows } = await deps.pool.query<ProbeTargetRow>(
      'SELECT kind, status, http_config, http_secrets, schedule_kind, period_sec, cron, oncalendar, tz FROM checks WHERE id = $1',
      [payload.checkId],
    );
    const check = rows[0];
    if (!check || check.kind !== 'http' || check.status === 'paused') {
      deps.logger.debug({ checkId: payload.checkId, status: check?.status ?? 'deleted' }, 'probe skipped');
      return;
    }
    const schedule = scheduleOf({ scheduleKind: check.schedule_kind, periodSec: check.period_sec, cron: check.cron, oncalendar: check.oncalendar, tz: check.tz });
    // Judged from when the job was enqueued: a job that waited longer than a whole interval (prober
    // outage) has a newer sibling in the queue, and running both would be a burst of stale probes.
    if (isProbeSuperseded(schedule, new Date(job.timestamp), deps.clock.now())) {
      deps.logger.info({ checkId: payload.checkId, scheduledAt: payload.scheduledAt }, 'stale probe skipped');
      return;
    }
    const config = probeConfigOf(check, deps.cipher);
    const { observation, durationMs } = await performHttpProbe(config, deps.http);
    const at = deps.clock.now();
    const outcome = classifyProbe(config, observation, at);
    const recorded = await deps.results.record({ checkId: payload.checkId, method: config.method, outcome, durationMs, at });
    deps.logger.debug({ checkId: payload.checkId, ok: outcome.ok, warning: outcome.warning, durationMs, recorded }, outcome.explanation);
  };
}
