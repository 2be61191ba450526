import { classifyProbe, isProbeSuperseded, nextAfter, type HttpConfig, type ProbeObservation, type ProbeOutcome, type Schedule } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { createPgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { ProbeMetrics, ProbeOutcomeLabel } from '@upmon/metrics';
import { probesOf, type Processor, type ProbeRef } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { performHttpProbe, type HttpProbeOptions } from './http-probe.js';
import type { ProbeClaims } from './probe-claims.js';
import type { ProbeResultStore } from './probe-result-store.js';
import { readProbeTargets } from './probe-targets.js';

export interface ProbeProcessorDeps {
  pool: ReturnType<typeof createPgPool>;
  /** Decrypts the http_config credentials (url, headers, basic_auth). */
  cipher: Cipher;
  results: ProbeResultStore;
  claims: ProbeClaims;
  logger: Logger;
  clock: Clock;
  http: HttpProbeOptions;
  /** HTTP requests in flight in this process (PROBER_CONCURRENCY). */
  concurrency: number;
  metrics: ProbeMetrics;
}

/** Claims outlive the copies of a probe that could still run (see claimTtlMs), plus this. */
const CLAIM_MARGIN_MS = 5 * 60_000;
const SUPERSEDED_SLACK_MS = 60_000;

/**
 * How long a probe's claim is kept: copies of a probe are enqueued within seconds of each other
 * (a scheduler round repeated after its commit failed), and a copy that waited longer than the
 * next slot + 60 s is skipped as superseded anyway.
 */
function claimTtlMs(schedule: Schedule, now: Date): number {
  try {
    return nextAfter(schedule, now).getTime() - now.getTime() + SUPERSEDED_SLACK_MS + CLAIM_MARGIN_MS;
  } catch {
    return 15 * 60_000;
  }
}

function superseded(schedule: Schedule, enqueuedAt: Date, now: Date): boolean {
  try {
    return isProbeSuperseded(schedule, enqueuedAt, now, SUPERSEDED_SLACK_MS);
  } catch {
    return false; // an unevaluable schedule is probed on the scheduler's fallback interval
  }
}

/** The metrics' name for how a probe ended: the failure kind when no usable response came. */
function outcomeLabel(observation: ProbeObservation, outcome: ProbeOutcome): ProbeOutcomeLabel {
  if (observation.kind === 'failure') return observation.failure;
  if (!outcome.ok) return 'unexpected_response';
  return outcome.warning ? 'warning' : 'ok';
}

/**
 * The `probes` worker's processor. For a job's probes: read their checks (one query), skip those
 * whose check is gone, not http or paused, or whose job is stale; claim the rest (one run per
 * probe across processes); probe, judge and record each, at most `concurrency` requests at once
 * in the process. Probe failures are results, not job failures: the job fails only when the database or
 * Redis is unreachable (and is not retried: the next scheduled probe comes).
 */
export function createProbeProcessor(deps: ProbeProcessorDeps): Processor<'probes'> {
  const limit = new ConcurrencyLimit(deps.concurrency);

  const probeOne = async (ref: ProbeRef, config: HttpConfig) => {
    // The slot is held for the request only: recording waits for the next group commit (and its
    // flips' publishing), and holding slots through it left most of them idle under load. Records
    // in progress stay bounded by the jobs in progress (worker concurrency × PROBES_PER_JOB).
    const { observation, durationMs } = await limit.run(() => performHttpProbe(config, deps.http));
    const at = deps.clock.now();
    const outcome = classifyProbe(config, observation, at);
    deps.metrics.probed(outcomeLabel(observation, outcome), durationMs / 1000);
    const recorded = await deps.results.record({ checkId: ref.checkId, method: config.method, outcome, durationMs, at });
    deps.logger.debug({ checkId: ref.checkId, ok: outcome.ok, warning: outcome.warning, durationMs, recorded }, outcome.explanation);
  };

  return async (payload, job) => {
    const refs = probesOf(payload);
    const targets = await readProbeTargets(deps.pool, deps.cipher, [...new Set(refs.map((r) => r.checkId))]);
    const now = deps.clock.now();
    // Judged from when the job was enqueued: a job that waited longer than a whole interval (prober
    // outage) has a newer sibling in the queue, and running both would be a burst of stale probes.
    const enqueuedAt = new Date(job.timestamp);
    const due: { ref: ProbeRef; config: HttpConfig; ttlMs: number }[] = [];
    for (const ref of refs) {
      const target = targets.get(ref.checkId);
      if (target?.unreadable) {
        deps.logger.error({ checkId: ref.checkId, err: target.unreadable }, 'probe skipped: its http_config cannot be read (was ENCRYPTION_KEY changed?)');
      } else if (!target?.config) {
        deps.logger.debug({ checkId: ref.checkId, status: target?.status ?? 'deleted' }, 'probe skipped');
      } else if (superseded(target.schedule, enqueuedAt, now)) {
        deps.logger.info({ checkId: ref.checkId, scheduledAt: ref.scheduledAt }, 'stale probe skipped');
      } else {
        due.push({ ref, config: target.config, ttlMs: claimTtlMs(target.schedule, now) });
      }
    }
    const won = await deps.claims.claim(
      String(job.id),
      due.map((d) => ({ checkId: d.ref.checkId, slotMs: Date.parse(d.ref.scheduledAt), ttlMs: d.ttlMs })),
    );
    const runs = due.filter((_, i) => won[i]).map((d) => probeOne(d.ref, d.config));
    const failed = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}
