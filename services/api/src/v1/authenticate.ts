import type { RequestHandler, Response } from 'express';
import { planLimits, type PlanName } from '@upmon/core';
import { hashApiKey, parseApiKey } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { ApiError } from '../http/api-error.js';

export interface AuthContext {
  keyId: string;
  kind: 'rw' | 'ro';
  projectId: string;
  accountId: string;
  plan: PlanName;
}

interface KeyRow {
  id: string;
  kind: 'rw' | 'ro';
  project_id: string;
  account_id: string;
  plan: PlanName;
  revoked: boolean;
  touch: boolean;
}

/** How often last_used_at is written per key: enough to tell which keys are in use, cheap on the hot path. */
const TOUCH_INTERVAL_SEC = 60;

export function authOf(res: Response): AuthContext {
  return res.locals.auth as AuthContext;
}

/**
 * Bearer key → project and plan. The key is looked up by its SHA-256 on every request (one
 * indexed SQL query, no cache), so a revoked key stops working at once, on every replica.
 */
export function authenticate(prisma: PrismaClient, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) throw new ApiError('unauthorized', 'missing API key: send the header Authorization: Bearer <API_KEY>');
    const m = /^Bearer +(\S+) *$/i.exec(header);
    if (!m || !parseApiKey(m[1] as string)) throw new ApiError('unauthorized', 'malformed Authorization header: expected Bearer <API_KEY>');
    // Raw SQL: this runs on every request, one round trip with the plan joined in.
    const rows = await prisma.$queryRaw<KeyRow[]>`
      SELECT k.id::text AS id, k.kind::text AS kind, k.project_id::text AS project_id,
             p.account_id::text AS account_id, a.plan::text AS plan,
             (k.revoked_at IS NOT NULL) AS revoked,
             (k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => ${TOUCH_INTERVAL_SEC})) AS touch
      FROM api_keys k JOIN projects p ON p.id = k.project_id JOIN accounts a ON a.id = p.account_id
      WHERE k.hash = ${hashApiKey(m[1] as string)}`;
    const key = rows[0];
    if (!key || key.revoked) throw new ApiError('unauthorized', 'invalid or revoked API key');
    if (!planLimits(key.plan).apiAccess) {
      throw new ApiError('forbidden', `the REST API is available on the Pro and Business plans; this account is on the ${key.plan} plan`);
    }
    if (key.touch) {
      // Not awaited: bookkeeping must not slow the request; the WHERE keeps concurrent writers cheap.
      prisma.$executeRaw`
        UPDATE api_keys SET last_used_at = now()
        WHERE id = ${key.id}::uuid AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => ${TOUCH_INTERVAL_SEC}))`.catch(
        (err: Error) => logger.warn({ err: err.message, keyId: key.id }, 'last_used_at not updated'),
      );
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
