import type { Request, RequestHandler, Response } from 'express';
import { planLimits, type PlanName } from '@upmon/core';
import { hashApiKey, parseApiKey } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import type pg from 'pg';
import {
  ApiError,
  type CheckRow,
  apiKeyBudgets,
  AUTH_FAILURES_PER_MINUTE,
  REQUESTS_PER_MINUTE_PER_KEY,
  type ApiKeyRow,
  findApiKeyByHash,
  findApiKeyWithCheck,
  touchApiKey,
  tooManyRequests,
  type RateLimiter,
  type ProjectScope,
} from '@upmon/domain';
import type { ClientAddressResolver } from '@upmon/service-kit';
import type { AuthFailureLimiter } from './auth-failure-limiter.js';

export interface AuthContext extends ProjectScope {
  keyId: string;
  kind: 'rw' | 'ro';
}

export function authOf(res: Response): AuthContext {
  return res.locals.auth as AuthContext;
}

/** What authenticate read for the route in the key's round trip (see findApiKeyWithCheck). */
type Prefetched = { kind: 'check'; id: string; row: CheckRow | null };

const UUID_PATH = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** GET /checks/{uuid} → its id; else null (authenticate runs mounted at /checks). */
function prefetchable(req: Request): string | null {
  if (req.method !== 'GET' || !/\/checks$/i.test(req.baseUrl)) return null;
  const m = UUID_PATH.exec(req.path);
  return m ? (m[1] as string).toLowerCase() : null;
}

async function findKey(pool: pg.Pool, req: Request, hash: string): Promise<{ key: ApiKeyRow | null; prefetched?: Prefetched }> {
  const target = prefetchable(req);
  if (target) {
    const { key, check } = await findApiKeyWithCheck(pool, hash, target);
    return { key, prefetched: { kind: 'check', id: target, row: check } };
  }
  return { key: await findApiKeyByHash(pool, hash) };
}

/**
 * The check `id` as read by authenticate for this request: a row, null (not in the key's
 * project), or undefined when it was not read with the key (the route then queries itself).
 */
export function prefetchedCheck(res: Response, id: string): CheckRow | null | undefined {
  const p = res.locals.prefetched as Prefetched | undefined;
  return p?.kind === 'check' && p.id === id ? p.row : undefined;
}

export interface AuthenticateDeps {
  pool: pg.Pool;
  limiter: RateLimiter;
  failures: AuthFailureLimiter;
  clientAddress: ClientAddressResolver;
  redisPrefix: string;
  logger: Logger;
}

/** Longest Authorization header worth reading: "Bearer " and a key of at most 71 characters. */
const MAX_AUTHORIZATION_LENGTH = 256;

const tooManyFailures = (retryAfterSec: number) =>
  tooManyRequests(`too many failed authentications from this address (${AUTH_FAILURES_PER_MINUTE} per minute)`, retryAfterSec);

/**
 * API key → project and plan, and the per-key rate limit (600/min), for a key already taken from
 * the request (v1: `Authorization: Bearer`; the Healthchecks-compatible API: `X-Api-Key` or the
 * body's `api_key`). The key is looked up by its SHA-256 on every request (one indexed SQL query,
 * no cache), so a revoked key stops working at once, on every replica. The rate limit's budget is
 * named by the same hash, so Redis is asked at the same time as PostgreSQL: one wait instead of
 * two. The answers are still given in order: 401 (unknown or revoked key), 403 (plan), then 429.
 * The budget of an unknown or revoked key is dropped again before its 401.
 * For GET /checks/{uuid} of v1 the key's query also reads the check the route needs, used only
 * after the key passed every test.
 * Failed authentications are limited per client address (AuthFailureLimiter): `admit` answers 429
 * for an address over its budget before its key is looked up, `refuse` counts a failure.
 * `verify` sets `res.locals.auth` (see authOf); every step throws ApiError.
 */
export interface ApiKeyVerifier {
  /** The client's address; throws 429 when it has used up its failed-authentication budget. */
  admit(req: Request): string | null;
  /** Counts a failed authentication of `client`: 401 with `message`, or 429 once over budget. */
  refuse(client: string | null, message: string): Promise<never>;
  verify(rawKey: string, client: string | null, req: Request, res: Response): Promise<void>;
}

export function apiKeyVerifier(deps: AuthenticateDeps): ApiKeyVerifier {
  const { pool, limiter, failures, clientAddress, redisPrefix, logger } = deps;
  const refuse = async (client: string | null, message: string): Promise<never> => {
    const wait = await failures.recordFailure(client);
    if (wait !== null) throw tooManyFailures(wait);
    throw new ApiError('unauthorized', message);
  };
  return {
    admit(req) {
      const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']);
      const blockedFor = failures.retryAfterSec(client);
      if (blockedFor !== null) throw tooManyFailures(blockedFor);
      return client;
    },
    refuse,
    async verify(rawKey, client, req, res) {
      const hash = hashApiKey(rawKey);
      const budgets = apiKeyBudgets(redisPrefix, hash);
      const [{ key, prefetched }, rate] = await Promise.all([findKey(pool, req, hash), limiter.hit(budgets)]);
      if (!key || key.revoked) {
        // Else every made-up key would leave a budget in Redis for a minute.
        await limiter.forget(budgets);
        return refuse(client, 'invalid or revoked API key');
      }
      if (!planLimits(key.plan).apiAccess) {
        throw new ApiError('forbidden', `the REST API is available on the Pro and Business plans; this account is on the ${key.plan} plan`);
      }
      if (!rate.allowed) throw tooManyRequests(`rate limit of ${REQUESTS_PER_MINUTE_PER_KEY} requests per minute per API key exceeded`, rate.retryAfterSec);
      if (key.stale) {
        // Not awaited: bookkeeping must not slow the request; the UPDATE's WHERE makes racing writers no-ops.
        touchApiKey(pool, key.id).catch((err: Error) => logger.warn({ err: err.message, keyId: key.id }, 'last_used_at not updated'));
      }
      res.locals.auth = {
        keyId: key.id,
        kind: key.kind,
        projectId: key.project_id,
        accountId: key.account_id,
        plan: key.plan,
        actor: { kind: 'api_key', apiKeyId: key.id, client },
      } satisfies AuthContext;
      res.locals.prefetched = prefetched;
    },
  };
}

/** v1: the key from `Authorization: Bearer <key>` (bounded before the pattern sees it), then the verifier. */
export function authenticate(keys: ApiKeyVerifier): RequestHandler {
  return async (req, res, next) => {
    const client = keys.admit(req);
    const header = req.headers.authorization;
    if (!header) throw new ApiError('unauthorized', 'missing API key: send the header Authorization: Bearer <API_KEY>');
    const m = header.length <= MAX_AUTHORIZATION_LENGTH ? /^Bearer +(\S+) *$/i.exec(header) : null;
    if (!m || !parseApiKey(m[1] as string)) return keys.refuse(client, 'malformed Authorization header: expected Bearer <API_KEY>');
    await keys.verify(m[1] as string, client, req, res);
    next();
  };
}

/** Read-only keys may call GET endpoints only. */
export const requireWriteKey: RequestHandler = (_req, res, next) => {
  if (authOf(res).kind !== 'rw') throw new ApiError('forbidden', 'this endpoint needs a read-write API key; read-only keys may only use GET endpoints');
  next();
};
