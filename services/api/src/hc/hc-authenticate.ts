import express, { type RequestHandler } from 'express';
import { parseApiKey } from '@upmon/crypto';
import { ApiError } from '@upmon/domain';
import { authOf } from '../v1/authenticate.js';
import type { V1Context } from '../v1/context.js';

/** Set once the key was verified for this request. */
const VERIFIED = 'hcKeyVerified';

/**
 * Healthchecks' authentication: the key in `X-Api-Key`, or (POST with a JSON body) in the body's
 * `api_key`; the same keys, limits and plan rules as /api/v1 (apiKeyVerifier). A header key is
 * checked before the body is read; a body key needs the body parsed first, as in Healthchecks.
 * Answers 401 "missing api key" / "wrong api key" like Healthchecks; wrong keys count against the
 * client address's failed-authentication budget, as in v1.
 */
export function hcAuthenticate(ctx: V1Context): RequestHandler[] {
  const keys = ctx.apiKeys;
  const checkKey = async (key: unknown, req: express.Request, res: express.Response) => {
    const client = keys.admit(req);
    if (typeof key !== 'string' || key === '') throw new ApiError('unauthorized', 'missing api key');
    if (!parseApiKey(key)) return keys.refuse(client, 'wrong api key');
    try {
      await keys.verify(key, client, req, res);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') throw new ApiError('unauthorized', 'wrong api key');
      throw err;
    }
    res.locals[VERIFIED] = true;
  };
  const fromHeader: RequestHandler = async (req, res, next) => {
    const header = req.headers['x-api-key'];
    if (header !== undefined) await checkKey(Array.isArray(header) ? header[0] : header, req, res);
    next();
  };
  // Any content type is read as JSON (Healthchecks' clients do not all set one).
  const body = express.json({ limit: ctx.config.apiBodyLimitBytes, strict: false, type: () => true });
  const parseBody: RequestHandler = (req, res, next) => (req.method === 'POST' ? body(req, res, next) : next());
  const fromBody: RequestHandler = async (req, res, next) => {
    if (!res.locals[VERIFIED]) {
      const b = req.body as unknown;
      await checkKey(typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>).api_key : undefined, req, res);
    }
    next();
  };
  return [fromHeader, parseBody, fromBody];
}

/**
 * Healthchecks lets read-only keys list and read checks, their flips and the badges only; any
 * other endpoint refuses them with 401, as Healthchecks does.
 */
export const hcRequireWriteKey: RequestHandler = (_req, res, next) => {
  if (authOf(res).kind !== 'rw') throw new ApiError('unauthorized', 'wrong api key: this endpoint needs a read-write API key');
  next();
};

/** The request body as an object: no body or JSON `null` (the Ansible collection's pause) is `{}`. */
export function hcObjectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('bad_request', 'json validation error: value is not an object');
  return body as Record<string, unknown>;
}
