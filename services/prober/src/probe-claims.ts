import type { Redis } from 'ioredis';

export interface ProbeClaim {
  checkId: string;
  /** The probe's slot (ms since the epoch): with the check id, it names the probe. */
  slotMs: number;
  /** How long the claim must outlive its first run (see ProbeProcessor). */
  ttlMs: number;
}

/**
 * One run per due probe, however many jobs carry it: a probe runs only in the job that first sets
 * its key (SET NX, one pipelined round trip per job). Jobs hold several probes, and a scheduler
 * round repeated after a failed commit may group them differently, so job ids alone no longer make
 * a probe unique. The key holds the winning job's id: when that same job runs again (BullMQ hands
 * a job whose prober died back to the queue), it keeps its claims and its probes still run, so a
 * crashed prober does not turn into a missed probe and a false "late".
 */
export class ProbeClaims {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** For each claim, true when job `jobId` holds it. Throws when Redis cannot answer. */
  async claim(jobId: string, claims: readonly ProbeClaim[]): Promise<boolean[]> {
    if (claims.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const c of claims) {
      const key = `${this.prefix}:probe-claim:${c.checkId}:${c.slotMs}`;
      pipeline.set(key, jobId, 'PX', Math.max(1, Math.round(c.ttlMs)), 'NX');
      pipeline.get(key);
    }
    const replies = (await pipeline.exec()) ?? [];
    const held = new Set<string>();
    return claims.map((c, i) => {
      const [setErr, setReply] = replies[2 * i] ?? [new Error('no reply')];
      const [getErr, owner] = replies[2 * i + 1] ?? [new Error('no reply')];
      if (setErr) throw setErr;
      if (getErr) throw getErr;
      // A probe the job carries twice runs once.
      const probe = `${c.checkId}:${c.slotMs}`;
      if (held.has(probe) || (setReply !== 'OK' && owner !== jobId)) return false;
      held.add(probe);
      return true;
    });
  }
}
