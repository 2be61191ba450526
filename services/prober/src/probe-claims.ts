import { DEFAULT_LOCATION } from '@upmon/core';
import type { Redis } from 'ioredis';

export interface ProbeClaim {
  checkId: string;
  /** The probe's slot (ms since the epoch): with the check id, it names the probe. */
  slotMs: number;
  /** How long the claim must outlive its first run (see ProbeProcessor). */
  ttlMs: number;
}

/**
 * KEYS: the claims' keys; ARGV[1]: the job id; ARGV[1 + i]: the ttl (ms) of KEYS[i].
 * Per key: 1 when this job holds it (it set it now, or set it in an earlier run), else 0.
 */
const CLAIM_SCRIPT = `
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[i + 1]) or redis.call('GET', key) == ARGV[1] then
    held[i] = 1
  else
    held[i] = 0
  end
end
return held`;

type ClaimCommand = { upmonClaimProbes(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]> };

/**
 * One run per due probe, however many jobs carry it: a probe runs only in the job that first sets
 * its key (SET NX). Jobs hold several probes, and a scheduler round repeated after a failed commit
 * may group them differently, so job ids alone no longer make a probe unique. The key holds the
 * winning job's id: when that same job runs again (BullMQ hands a job whose prober died back to
 * the queue), it keeps its claims and its probes still run, so a crashed prober does not turn
 * into a missed probe and a false "late".
 * A job's claims are one Lua script call (one command for the client and for Redis, instead of a
 * SET and a GET per probe: ioredis' per-command work showed in the prober's profile).
 */
export class ProbeClaims {
  private readonly redis: Redis & ClaimCommand;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    /** Claims are per location: every location probes each of its checks' probes once. */
    private readonly location: string,
  ) {
    // defineCommand: EVALSHA, and the script's text only when Redis does not have it cached.
    redis.defineCommand('upmonClaimProbes', { lua: CLAIM_SCRIPT });
    this.redis = redis as Redis & ClaimCommand;
  }

  /** For each claim, true when job `jobId` holds it. Throws when Redis cannot answer. */
  async claim(jobId: string, claims: readonly ProbeClaim[]): Promise<boolean[]> {
    if (claims.length === 0) return [];
    // The local location keeps the keys it always had; another's live beside its queue's (docs/locations.md, "Redis ACLs").
    const base = this.location === DEFAULT_LOCATION ? `${this.prefix}:probe-claim` : `${this.prefix}:probe-claims-${this.location}`;
    const keys = claims.map((c) => `${base}:${c.checkId}:${c.slotMs}`);
    const ttls = claims.map((c) => Math.max(1, Math.round(c.ttlMs)));
    const held = await this.redis.upmonClaimProbes(keys.length, ...keys, jobId, ...ttls);
    // A probe the job carries twice runs once.
    const seen = new Set<string>();
    return keys.map((key, i) => {
      if (held[i] !== 1 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}
