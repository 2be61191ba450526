import type { Redis } from 'ioredis';
import type { ProbeRef } from '@upmon/queue';

/** How long a handed probe's result is accepted: a probe takes at most a minute, a results POST may be retried for a while. */
const HANDED_TTL_MS = 15 * 60_000;

/**
 * The probes the api handed to each private location, so that its prober can report results for
 * those only, once each: a location key cannot write results for checks it was not given (another
 * account's, or its own account's that chose other locations), nor replay one.
 */
export class HandedProbes {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(code: string, checkId: string, scheduledAt: string): string {
    return `${this.prefix}:remote-probe:${code}:${checkId}:${Date.parse(scheduledAt)}`;
  }

  async remember(code: string, refs: readonly ProbeRef[]): Promise<void> {
    if (refs.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const r of refs) pipeline.set(this.key(code, r.checkId, r.scheduledAt), '1', 'PX', HANDED_TTL_MS);
    await pipeline.exec();
  }

  /** For each probe, true when it was handed to `code` and not answered yet (it is answered now). */
  async settle(code: string, probes: readonly { checkId: string; scheduledAt: string }[]): Promise<boolean[]> {
    if (probes.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const p of probes) pipeline.del(this.key(code, p.checkId, p.scheduledAt));
    const answers = (await pipeline.exec()) ?? [];
    return answers.map(([err, n]) => !err && n === 1);
  }
}
