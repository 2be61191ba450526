import { isProbeSuperseded, nextAfter, type Schedule } from '@upmon/core';
import type { Logger } from '@upmon/logger';
import type { ProbeMetrics, ProbeOutcomeLabel } from '@upmon/metrics';
import type { ProbeContext, ProbeReport } from '@upmon/probes';
import { probesOf, type Processor, type ProbeRef } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { ConcurrencyLimit } from './concurrency-limit.js';
import type { ProbeClaims } from './probe-claims.js';
import type { ProbeResult, ProbeTarget } from '@upmon/check-store';

/** Where a prober's probes come from and its results go (PROBER_RESULTS, start-prober.ts). */
export interface ProbeSource {
  /** The checks of a job's probes, by id (a missing one is skipped as deleted). */
  targets(refs: readonly ProbeRef[]): Promise<Map<string, ProbeTarget>>;
  /** Resolves once the result is recorded (or queued for recording); false when its check is gone. */
  record(result: ProbeResult, ref: ProbeRef): Promise<boolean>;
}

export interface ProbeProcessorDeps {
  source: ProbeSource;
  claims: ProbeClaims;
  logger: Logger;
  clock: Clock;
  /** The outbound guard, the http client and the clock every probe uses. */
  probes: ProbeContext;
  /** Probes in flight in this process (PROBER_CONCURRENCY). */
  concurrency: number;
  metrics: ProbeMetrics;
  /** Where this prober probes from (PROBER_LOCATION): its results count for that location. */
  location: string;
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

/** A kept certificate is written again after this long even when unchanged (observed_at). */
const CERTIFICATE_REFRESH_MS = 3_600_000;

/** The metrics' name for how a probe ended: the failure kind when no usable answer came. */
function outcomeLabel(report: ProbeReport): ProbeOutcomeLabel {
  if (report.failure) return report.failure;
  if (!report.ok) return 'unexpected_response';
  return report.warning ? 'warning' : 'ok';
}

/** Whether the report's certificate should replace the check's kept one (changed, or kept long ago). */
function certificateChanged(target: ProbeTarget, report: ProbeReport): boolean {
  if (!report.certificate) return false;
  const known = target.knownCertificate;
  return !known || known.fingerprint256 !== report.certificate.fingerprint256 || report.at.getTime() - known.observedAt.getTime() > CERTIFICATE_REFRESH_MS;
}

/**
 * The `probes` worker's processor. For a job's probes: read their checks (one query), skip those
 * whose check is gone, not probed or paused, or whose job is stale; claim the rest (one run per
 * probe across processes); probe, judge and record each, at most `concurrency` requests at once
 * in the process. Probe failures are results, not job failures: the job fails only when the database or
 * Redis is unreachable (and is not retried: the next scheduled probe comes).
 */
export function createProbeProcessor(deps: ProbeProcessorDeps): Processor<'probes'> {
  const limit = new ConcurrencyLimit(deps.concurrency);

  const probeOne = async (ref: ProbeRef, target: ProbeTarget) => {
    const { definition, config } = target;
    if (!definition || !config) return;
    // The slot is held for the probe only: recording waits for the next group commit, and holding
    // slots through it left most of them idle under load. Records in progress stay bounded by the
    // jobs in progress (worker concurrency × PROBES_PER_JOB).
    const report = await limit.run(() => definition.probe(config, deps.probes));
    const durationMs = report.phases.totalMs;
    deps.metrics.probed(outcomeLabel(report), durationMs / 1000);
    const recorded = await deps.source.record(
      { checkId: ref.checkId, location: deps.location, report, keepCertificate: certificateChanged(target, report) },
      ref,
    );
    deps.logger.debug({ checkId: ref.checkId, kind: definition.kind, ok: report.ok, warning: report.warning, durationMs, recorded }, report.explanation);
  };

  return async (payload, job) => {
    const refs = probesOf(payload);
    const targets = await deps.source.targets(refs);
    const now = deps.clock.now();
    // Judged from when the job was enqueued: a job that waited longer than a whole interval (prober
    // outage) has a newer sibling in the queue, and running both would be a burst of stale probes.
    const enqueuedAt = new Date(job.timestamp);
    const due: { ref: ProbeRef; target: ProbeTarget; ttlMs: number }[] = [];
    for (const ref of refs) {
      const target = targets.get(ref.checkId);
      if (target?.unreadable) {
        deps.logger.error(
          { checkId: ref.checkId, err: target.unreadable },
          `probe skipped: its ${target.kind}_config cannot be read (was ENCRYPTION_KEY changed?)`,
        );
      } else if (!target?.config) {
        deps.logger.debug({ checkId: ref.checkId, status: target?.status ?? 'deleted' }, 'probe skipped');
      } else if (superseded(target.schedule, enqueuedAt, now)) {
        deps.logger.info({ checkId: ref.checkId, scheduledAt: ref.scheduledAt }, 'stale probe skipped');
      } else {
        due.push({ ref, target, ttlMs: claimTtlMs(target.schedule, now) });
      }
    }
    const won = await deps.claims.claim(
      String(job.id),
      due.map((d) => ({ checkId: d.ref.checkId, slotMs: Date.parse(d.ref.scheduledAt), ttlMs: d.ttlMs })),
    );
    const runs = due.filter((_, i) => won[i]).map((d) => probeOne(d.ref, d.target));
    const failed = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}
