import type { Request, RequestHandler, Response } from 'express';
import { planLimits, type PlanName } from '@upmon/core';
import { hashApiKey, parseApiKey } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import type pg from 'pg';
import { ApiError } from '../http/api-error.js';
import type { CheckRow } from './presenters/check-presenter.js';
import { findApiKeyByHash, findApiKeyWithCheck, touchApiKey } from './queries/find-api-key.js';

export interface AuthContext {
  keyId: string;
  kind: 'rw' | 'ro';
  projectId: string;
  accountId: string;
  plan: PlanName;
}

export function authOf(res: Response): AuthContext {
  return res.locals.auth as AuthContext;
}

/** GET /checks/{uuid}: the check read together with the key (see findApiKeyWithCheck). */
interface PrefetchedCheck {
  id: string;
  row: CheckRow | null;
}

const UUID_PATH = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The check id of a GET /checks/{uuid} request (authenticate runs mounted at /checks), else null. */
function prefetchableCheckId(req: Request): string | null {
  if (req.method !== 'GET' || !/\/checks$/i.test(req.baseUrl)) return null;
  const m = UUID_PATH.exec(req.path);
  return m ? (m[1] as string).toLowerCase() : null;
}

/**
 * The check `id` as read by authenticate for this request: a row, null (not in the key's
 * project), or undefined when it was not read with the key (the route then queries itself).
 */
export function prefetchedCheck(res: Response, id: string): CheckRow | null | undefined {
  const p = res.locals.prefetchedCheck as PrefetchedCheck | undefined;
  return p && p.id === id ? p.row : undefined;
}

/**
 * Bearer key → project and plan. The key is looked up by its SHA-256 on every request (one
 * indexed SQL query, no cache), so a revoked key stops working at once, on every replica.
 * For GET /checks/{uuid} that query also reads the check (one round trip fewer on the hottest
 * read); the route uses it only after the key passed authentication and the rate limit.
 */
export function authenticate(pool: pg.Pool, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) throw new ApiError('unauthorized', 'missing API key: send the header Authorization: Bearer <API_KEY>');
    const m = /^Bearer +(\S+) *$/i.exec(header);
    if (!m || !parseApiKey(m[1] as string)) throw new ApiError('unauthorized', 'malformed Authorization header: expected Bearer <API_KEY>');
    const hash = hashApiKey(m[1] as string);
    const checkId = prefetchableCheckId(req);
    let key;
    if (checkId) {
      const found = await findApiKeyWithCheck(pool, hash, checkId);
      key = found.key;
      res.locals.prefetchedCheck = { id: checkId, row: found.check } satisfies PrefetchedCheck;
    } else {
      key = await findApiKeyByHash(pool, hash);
    }
    if (!key || key.revoked) throw new ApiError('unauthorized', 'invalid or revoked API key');
    if (!planLimits(key.plan).apiAccess) {
      throw new ApiError('forbidden', `the REST API is available on the Pro and Business plans; this account is on the ${key.plan} plan`);
    }
    if (key.stale) {
      // Not awaited: bookkeeping must not slow the request; the UPDATE's WHERE makes racing writers no-ops.
      touchApiKey(pool, key.id).catch((err: Error) => logger.warn({ err: err.message, keyId: key.id }, 'last_used_at not updated'));
    }
    res.locals.auth = { keyId: key.id, kind: key.kind, projectId: key.project_id, accountId: key.account_id, plan: key.plan } satisfies AuthContext;
    next();
  };
}

/** Read-only keys may call GET endpoints only. */
export const requireWriteKey: RequestHandler = (_req, res, next) => {
  if (authOf(res).kind !== 'rw') throw new ApiError('forbidden', 'this endpoint needs a read-write API key; read-only keys may only use GET endpoints');
  next();
};
