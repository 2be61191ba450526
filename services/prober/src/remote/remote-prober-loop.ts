import type { Logger } from '@upmon/logger';
import { isProbeKind, probeKind, type ProbeContext } from '@upmon/probes';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { LocationKeyRefusedError, RemoteApiError, type FinishedProbe, type HandedProbe, type RemoteApiClient } from './remote-api-client.js';

export interface RemoteProberLoopDeps {
  client: RemoteApiClient;
  /** Built by the remote mode: no outbound guard (the customer's network, the customer's rules). */
  probes: ProbeContext;
  logger: Logger;
  /** Probes in flight at once (PROBER_CONCURRENCY). */
  concurrency: number;
  pollWaitSec: number;
  /** Longest wait between attempts while the api cannot be reached (ms). */
  maxBackoffMs?: number;
}

/** Attempts to deliver one batch of results before it is given up (the probes then count as missed). */
const RESULT_ATTEMPTS = 5;

/**
 * A private location's prober: long-poll the api for due probes, run them (at most `concurrency`
 * at once, while the next poll already waits), POST each batch's results. The api unreachable:
 * retry with exponential backoff (1 s doubling to `maxBackoffMs`). The location key refused (401:
 * revoked or rotated out): stop asking at once and resolve 'refused' (the process exits).
 */
export class RemoteProberLoop {
  private readonly abort = new AbortController();
  private readonly limit: ConcurrencyLimit;
  private readonly batches = new Set<Promise<void>>();
  private inFlight = 0;
  private refused: LocationKeyRefusedError | null = null;
  private stopped = false;

  constructor(private readonly deps: RemoteProberLoopDeps) {
    this.limit = new ConcurrencyLimit(deps.concurrency);
  }

  /** Until stop() ('stopped') or the key is refused ('refused'). */
  async run(): Promise<'stopped' | 'refused'> {
    let failures = 0;
    while (!this.stopped && !this.refused) {
      // Do not take more than can be started soon: untaken probes stay in the api's queue.
      while (this.inFlight >= this.deps.concurrency && this.batches.size > 0) await Promise.race(this.batches);
      if (this.stopped || this.refused) break;
      try {
        const handed = await this.deps.client.nextProbes(this.deps.pollWaitSec, this.abort.signal);
        failures = 0;
        if (handed.length > 0) this.track(this.runBatch(handed));
      } catch (err) {
        if (err instanceof LocationKeyRefusedError) {
          this.refused = err;
          break;
        }
        if (this.stopped) break;
        failures++;
        const wait = this.backoffMs(failures, err);
        this.deps.logger.warn({ err: (err as Error).message, retryInMs: wait }, 'cannot get probes from the api');
        await this.sleep(wait);
      }
    }
    await Promise.allSettled([...this.batches]);
    if (this.refused) {
      this.deps.logger.fatal({ err: this.refused.message }, 'location key refused (revoked or rotated out): stopped asking for probes');
      return 'refused';
    }
    return 'stopped';
  }

  /** Stops polling and waits for the probes in flight to be reported. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.allSettled([...this.batches]);
  }

  private track(batch: Promise<void>): void {
    this.batches.add(batch);
    void batch.finally(() => this.batches.delete(batch));
  }

  private async runBatch(handed: HandedProbe[]): Promise<void> {
    this.inFlight += handed.length;
    let finished: FinishedProbe[];
    try {
      const runs = await Promise.all(handed.map((probe) => this.probeOne(probe)));
      finished = runs.filter((f): f is FinishedProbe => f !== null);
    } finally {
      this.inFlight -= handed.length;
    }
    if (finished.length > 0) await this.deliver(finished);
  }

  private async probeOne(probe: HandedProbe): Promise<FinishedProbe | null> {
    if (!isProbeKind(probe.kind)) {
      this.deps.logger.warn({ checkId: probe.check_id, kind: probe.kind }, 'probe skipped: a kind this prober does not know (upgrade it)');
      return null;
    }
    const definition = probeKind(probe.kind);
    const report = await this.limit.run(() => definition.probe(definition.fromJson(probe.config), this.deps.probes));
    this.deps.logger.debug({ checkId: probe.check_id, ok: report.ok, durationMs: report.phases.totalMs }, report.explanation);
    return { probe, report };
  }

  private async deliver(finished: FinishedProbe[]): Promise<void> {
    for (let attempt = 1; attempt <= RESULT_ATTEMPTS; attempt++) {
      try {
        const { refused } = await this.deps.client.sendResults(finished);
        if (refused.length > 0) this.deps.logger.warn({ refused }, 'the api refused some results');
        return;
      } catch (err) {
        if (err instanceof LocationKeyRefusedError) {
          this.refused ??= err;
          this.abort.abort();
          return;
        }
        if (attempt === RESULT_ATTEMPTS) {
          this.deps.logger.error({ err: (err as Error).message, results: finished.length }, 'results not delivered; those probes count as missed');
          return;
        }
        await this.sleep(this.backoffMs(attempt, err));
      }
    }
  }

  private backoffMs(failures: number, err: unknown): number {
    const max = this.deps.maxBackoffMs ?? 60_000;
    const asked = err instanceof RemoteApiError ? err.retryAfterMs : null;
    return Math.min(max, asked ?? 1000 * 2 ** Math.min(failures - 1, 10));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.abort.signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve();
      });
    });
  }
}
