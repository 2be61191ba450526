import express, { type RequestHandler } from 'express';
import { parseApiKey } from '@upmon/crypto';
import { ApiError } from '@upmon/domain';
import { authOf } from '../v1/authenticate.js';
import type { V1Context } from '../v1/context.js';

/**
 * Healthchecks' authentication (its `authorize` decorator), in its order: a POST body is parsed
 * first (400 `could not parse request body`, or `json validation error: value is not an object`
 * whatever the key), then the key is taken from `X-Api-Key`, else from the body's `api_key`. The
 * same keys, limits and plan rules as /api/v1 (apiKeyVerifier); 401 "missing api key" / "wrong
 * api key" like Healthchecks; wrong keys count against the client address's failed-authentication
 * budget, as in v1. An anonymous POST thus costs one JSON parse of at most API_BODY_LIMIT_BYTES.
 */
export function hcAuthenticate(ctx: V1Context): RequestHandler[] {
  const keys = ctx.apiKeys;
  // Any content type is read as JSON (Healthchecks' clients do not all set one).
  const json = express.json({ limit: ctx.config.apiBodyLimitBytes, strict: false, type: () => true });
  const parseBody: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST') return next();
    json(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.parse.failed') return next(new ApiError('bad_request', 'could not parse request body'));
      if (err) return next(err);
      const b = req.body as unknown;
      // JSON null (the Ansible collection's pause) counts as no body.
      if (b !== undefined && b !== null && (typeof b !== 'object' || Array.isArray(b))) {
        return next(new ApiError('bad_request', 'json validation error: value is not an object'));
      }
      next();
    });
  };
  const checkKey: RequestHandler = async (req, res, next) => {
    const header = req.headers['x-api-key'];
    const body = req.body as Record<string, unknown> | null | undefined;
    const key = header !== undefined ? (Array.isArray(header) ? header[0] : header) : body?.api_key;
    const client = keys.admit(req);
    if (typeof key !== 'string' || key === '') throw new ApiError('unauthorized', 'missing api key');
    if (!parseApiKey(key)) return keys.refuse(client, 'wrong api key');
    try {
      await keys.verify(key, client, req, res);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') throw new ApiError('unauthorized', 'wrong api key');
      throw err;
    }
    next();
  };
  return [parseBody, checkKey];
}

/**
 * Healthchecks lets read-only keys list and read checks, their flips and the badges only; any
 * other endpoint refuses them with 401, as Healthchecks does.
 */
export const hcRequireWriteKey: RequestHandler = (_req, res, next) => {
  if (authOf(res).kind !== 'rw') throw new ApiError('unauthorized', 'wrong api key: this endpoint needs a read-write API key');
  next();
};

/** The request body as an object (hcAuthenticate refused any other JSON): none, or JSON `null`, is `{}`. */
export function hcObjectBody(body: unknown): Record<string, unknown> {
  return (body ?? {}) as Record<string, unknown>;
}
