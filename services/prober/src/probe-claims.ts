import type { Redis } from 'ioredis';

export interface ProbeClaim {
  checkId: string;
  /** The probe's slot (ms since the epoch): with the check id, it names the probe. */
  slotMs: number;
  /** How long the claim must outlive its first run (see ProbeProcessor). */
  ttlMs: number;
}

/**
 * One run per due probe, however many jobs carry it: a probe runs only in the process that first
 * sets its key (SET NX, one pipelined round trip per job). Jobs hold several probes, and a
 * scheduler round repeated after a failed commit may group them differently, so job ids alone
 * no longer make a probe unique.
 */
export class ProbeClaims {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** For each claim, true when this caller won it. Throws when Redis cannot answer. */
  async claim(claims: readonly ProbeClaim[]): Promise<boolean[]> {
    if (claims.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const c of claims) pipeline.set(`${this.prefix}:probe-claim:${c.checkId}:${c.slotMs}`, '1', 'PX', Math.max(1, Math.round(c.ttlMs)), 'NX');
    const replies = (await pipeline.exec()) ?? [];
    return claims.map((_, i) => {
      const [err, reply] = replies[i] ?? [new Error('no reply')];
      if (err) throw err;
      return reply === 'OK';
    });
  }
}
