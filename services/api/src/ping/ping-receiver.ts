import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createBatcher } from '@upmon/batching';
import { recordUpStaysUpPings, type IncomingPing } from '@upmon/check-store';
import type { Cipher } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import type { FlipMetrics, PingMetrics, PingOutcome } from '@upmon/metrics';
import { type Clock, createClientAddressResolver } from '@upmon/service-kit';
import type pg from 'pg';
import { createCheckBySlug } from './create-check-by-slug.js';
import { pingWrite, writePingBatch, type PingToStore, type StoredPing } from './ping-batch-writer.js';
import { parsePingUrl, type ParsedPing } from './ping-url.js';

export interface PingReceiverDeps {
  pool: pg.Pool;
  cipher: Cipher;
  logger: Logger;
  clock: Clock;
  bodyLimitBytes: number;
  trustedProxies: string[];
  metrics: { pings: PingMetrics; flips: FlipMetrics };
  /** Most pings per transaction. */
  maxBatch?: number;
  /** Most ping transactions at once (keep below the pool size). */
  maxInFlight?: number;
  /** Least time between two ping transactions' starts (PING_COMMIT_INTERVAL_MS; default 0). */
  commitIntervalMs?: number;
}

export interface PingReceiver {
  /** Answers the request if it is a ping URL (true); otherwise leaves it alone (false). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Waits for the pings in hand to be committed. */
  drain(): Promise<void>;
}

const USER_AGENT_MAX = 200;
const OUTCOME_BY_STATUS: Record<number, PingOutcome> = { 200: 'stored', 201: 'created', 403: 'over_quota', 404: 'not_found', 500: 'error' };
const METHODS = new Set(['GET', 'HEAD', 'POST']);
const NO_CACHE = 'max-age=0, no-cache, no-store, must-revalidate, private';

/**
 * Microsecond receive time: milliseconds from the clock plus the sub-millisecond part of the
 * monotonic timer (JavaScript dates stop at milliseconds; ping ts keeps microseconds).
 */
function receiveTime(clock: Clock): { tsMs: number; tsText: string } {
  const now = clock.now();
  const micros = Math.floor((performance.now() % 1) * 1000);
  const ms = now.getTime();
  const iso = now.toISOString();
  return { tsMs: ms, tsText: `${iso.slice(0, -1)}${String(micros).padStart(3, '0')}Z` };
}

/**
 * The ping receiver (docs/design.md, "Ping receiver") as a raw node:http handler: it sits in front of
 * Express because the Express stack costs more than the whole ping (see docs/pings.md).
 */
export function createPingReceiver(deps: PingReceiverDeps): PingReceiver {
  const sourceIp = createClientAddressResolver(deps.trustedProxies);
  /** Through the state machine, one transaction; if that fails, one transaction per ping. */
  const storeFull = async (items: PingToStore[]): Promise<StoredPing[]> => {
    try {
      const out = await writePingBatch(deps.pool, deps.cipher, items);
      for (const reason of out.flipReasons) deps.metrics.flips.committed(reason);
      return out.results;
    } catch (err) {
      if (items.length === 1) throw err;
      // One bad ping must not fail the others: retry each alone.
      deps.logger.warn({ err: (err as Error).message, pings: items.length }, 'ping batch failed; retrying one by one');
      const results: StoredPing[] = [];
      for (const item of items) {
        try {
          const out = await writePingBatch(deps.pool, deps.cipher, [item]);
          for (const reason of out.flipReasons) deps.metrics.flips.committed(reason);
          results.push(out.results[0] as StoredPing);
        } catch (e) {
          deps.logger.error({ err: (e as Error).message }, 'ping not stored');
          results.push({ found: false, error: true });
        }
      }
      return results;
    }
  };

  /** The common case ("up stays up") in one statement; everything else through the state machine. */
  const flush = async (items: PingToStore[]): Promise<StoredPing[]> => {
    const fast = new Set<number>();
    try {
      // Plain loops and object literals: this runs for every ping (a spread of the ping's ~12
      // fields cost ~3 µs a ping in a profile, V8 defining each property one by one).
      const candidates: IncomingPing[] = [];
      const indexes: number[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as PingToStore;
        if (item.target.by !== 'uuid') continue;
        candidates.push(pingWrite(deps.cipher, item, item.target.uuid, null));
        indexes.push(i);
      }
      for (const k of await recordUpStaysUpPings(deps.pool, candidates)) fast.add(indexes[k] as number);
    } catch (err) {
      // Nothing was committed by the failed statement: every ping takes the full path.
      deps.logger.warn({ err: (err as Error).message }, 'fast ping path failed; using the full path');
    }
    const results: StoredPing[] = items.map((item) => (item.target.by === 'uuid' ? { found: true, checkId: item.target.uuid } : { found: false }));
    const restIdx = items.map((_, i) => i).filter((i) => !fast.has(i));
    if (restIdx.length > 0) {
      const out = await storeFull(restIdx.map((i) => items[i] as PingToStore));
      restIdx.forEach((i, k) => (results[i] = out[k] as StoredPing));
    }
    return results;
  };

  const poolMax = (deps.pool.options.max as number | undefined) ?? 10;
  const batcher = createBatcher(flush, {
    maxBatch: deps.maxBatch ?? 256,
    maxConcurrent: deps.maxInFlight ?? Math.max(1, Math.min(2, poolMax - 2)),
    minIntervalMs: deps.commitIntervalMs ?? 0,
  });

  const reply = (res: http.ServerResponse, status: number, text: string) => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'ping-body-limit': String(deps.bodyLimitBytes),
      'access-control-allow-origin': '*',
      // As Healthchecks: no cache between a cron job and upmon may answer a ping for us.
      'cache-control': NO_CACHE,
    });
    res.end(text);
  };

  /** `receivedAt`: performance.now() when the request had been read (commit time is measured from there). */
  const store = async (
    ping: ParsedPing,
    req: http.IncomingMessage,
    body: Buffer,
    bodySize: number,
    receivedAt: number,
  ): Promise<{ status: number; text: string }> => {
    const ua = req.headers['user-agent'];
    const item: PingToStore = {
      target: ping.target,
      kind: ping.kind,
      exitStatus: ping.exitStatus,
      rid: ping.rid,
      method: req.method ?? 'GET',
      sourceIp: sourceIp(req.socket.remoteAddress, req.headers['x-forwarded-for']),
      userAgent: ua ? ua.slice(0, USER_AGENT_MAX) : null,
      bodySize,
      body: body.length > 0 ? body : null,
      ...receiveTime(deps.clock),
    };
    const first = await batcher.submit(item);
    if (!first.found && first.error) return { status: 500, text: 'internal error' };
    if (first.found) {
      deps.metrics.pings.committed((performance.now() - receivedAt) / 1000);
      return { status: 200, text: 'OK' };
    }
    if (!ping.create || ping.target.by !== 'slug') return { status: 404, text: 'not found' };
    const created = await createCheckBySlug(deps.pool, ping.target.pingKey, ping.target.slug);
    if (created === 'no_project') return { status: 404, text: 'not found' };
    if (created === 'over_quota') return { status: 403, text: 'check quota reached' };
    const second = await batcher.submit({ ...item, ...receiveTime(deps.clock) });
    if (!second.found) return { status: 404, text: 'not found' };
    return created === 'created' ? { status: 201, text: 'Created' } : { status: 200, text: 'OK' };
  };

  return {
    handle(req, res) {
      if (!METHODS.has(req.method ?? '')) return false;
      const parsed = parsePingUrl(req.url ?? '/');
      if (!parsed) return false;
      if (!parsed.ok) {
        req.resume();
        deps.metrics.pings.received('unknown', parsed.status === 404 ? 'not_found' : 'invalid');
        reply(res, parsed.status, parsed.message);
        return true;
      }
      const chunks: Buffer[] = [];
      let kept = 0;
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (kept < deps.bodyLimitBytes) {
          const part = chunk.subarray(0, deps.bodyLimitBytes - kept);
          chunks.push(part);
          kept += part.length;
        }
      });
      req.on('error', () => res.destroy());
      req.on('end', () => {
        store(parsed.ping, req, Buffer.concat(chunks), size, performance.now()).then(
          ({ status, text }) => {
            deps.metrics.pings.received(parsed.ping.kind, OUTCOME_BY_STATUS[status] ?? 'error');
            reply(res, status, text);
          },
          (err) => {
            deps.logger.error({ err: (err as Error).message }, 'ping failed');
            deps.metrics.pings.received(parsed.ping.kind, 'error');
            if (!res.headersSent) reply(res, 500, 'internal error');
          },
        );
      });
      return true;
    },
    async drain() {
      await batcher.drain();
    },
  };
}
