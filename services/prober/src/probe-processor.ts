import { scheduleOf } from '@upmon/check-store';
import { classifyProbe, httpConfigFromJson, isProbeSuperseded } from '@upmon/core';
import type { Logger } from '@upmon/logger';
import type { Processor } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type { PrismaClient } from '@upmon/db';
import { performHttpProbe, type HttpProbeOptions } from './http-probe.js';
import { writeProbeResult, type ProbeResultWriterDeps } from './probe-result-writer.js';

export interface ProbeProcessorDeps extends ProbeResultWriterDeps {
  prisma: PrismaClient;
  logger: Logger;
  clock: Clock;
  http: HttpProbeOptions;
}

/**
 * The `probes` worker's processor: load the check, skip it when it is gone, not http, paused or
 * the job is stale; probe; judge; record. Probe failures are results, not job failures: the job
 * fails only when the database is unreachable (and is not retried: the next scheduled probe comes).
 */
export function createProbeProcessor(deps: ProbeProcessorDeps): Processor<'probes'> {
  return async (payload, job) => {
    const log = deps.logger.child({ checkId: payload.checkId, jobId: job.id });
    const check = await deps.prisma.check.findUnique({
      where: { id: payload.checkId },
      select: { kind: true, status: true, httpConfig: true, scheduleKind: true, periodSec: true, cron: true, oncalendar: true, tz: true },
    });
    if (!check || check.kind !== 'http' || check.status === 'paused') {
      log.debug({ status: check?.status ?? 'deleted' }, 'probe skipped');
      return;
    }
    // Judged from when the job was enqueued: a job that waited longer than a whole interval (prober
    // outage) has a newer sibling in the queue, and running both would be a burst of stale probes.
    if (isProbeSuperseded(scheduleOf(check), new Date(job.timestamp), deps.clock.now())) {
      log.info({ scheduledAt: payload.scheduledAt }, 'stale probe skipped');
      return;
    }
    const config = httpConfigFromJson(check.httpConfig);
    const { observation, durationMs } = await performHttpProbe(config, deps.http);
    const at = deps.clock.now();
    const outcome = classifyProbe(config, observation, at);
    const written = await writeProbeResult(deps, { checkId: payload.checkId, method: config.method, outcome, durationMs, at });
    log.debug({ ok: outcome.ok, warning: outcome.warning, durationMs, written }, outcome.explanation);
  };
}
