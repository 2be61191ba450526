import type { RequestHandler, Response } from 'express';
import {
  ApiError,
  findLocationByKey,
  LOCATION_REQUESTS_PER_MINUTE,
  locationBudgets,
  tooManyRequests,
  touchPrivateLocation,
  type LocationKeyRow,
} from '@upmon/domain';
import type { V1Context } from '../context.js';

export function locationOf(res: Response): LocationKeyRow {
  return res.locals.location as LocationKeyRow;
}

const MAX_AUTHORIZATION_LENGTH = 256;

/**
 * A private location's prober: `Authorization: Bearer <location key>` → its location, looked up
 * on every request (a revoked or rotated-out key gets 401 from the next request, on every
 * replica), then the location's rate limit. Failed attempts spend the client address's
 * failed-authentication budget, like API keys. Sets `res.locals.location` (locationOf).
 */
export function authenticateLocation(ctx: V1Context): RequestHandler {
  return async (req, res, next) => {
    const client = ctx.apiKeys.admit(req);
    const header = req.headers.authorization;
    const m = header && header.length <= MAX_AUTHORIZATION_LENGTH ? /^Bearer +(\S+) *$/i.exec(header) : null;
    if (!m) return ctx.apiKeys.refuse(client, 'missing or malformed location key: send the header Authorization: Bearer <LOCATION_KEY>');
    const now = ctx.clock.now();
    const location = await findLocationByKey(ctx.pool, m[1] as string, now);
    if (!location) return ctx.apiKeys.refuse(client, 'invalid or revoked location key');
    const rate = await ctx.rateLimiter.hit(locationBudgets(ctx.config.redisPrefix, location.id));
    if (!rate.allowed) throw tooManyRequests(`rate limit of ${LOCATION_REQUESTS_PER_MINUTE} requests per minute per location exceeded`, rate.retryAfterSec);
    if (!location.lastSeenAt || now.getTime() - location.lastSeenAt.getTime() > 60_000) {
      touchPrivateLocation(ctx.pool, location.id, now).catch((err: Error) =>
        ctx.logger.warn({ err: err.message, locationId: location.id }, 'last_seen_at not updated'),
      );
    }
    res.locals.location = location;
    next();
  };
}

/** A query parameter that must be absent or a whole number within bounds (422 otherwise). */
export function boundedIntQuery(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw ApiError.validation({ [name]: [`must be a whole number from ${min} to ${max}`] });
  }
  return Number(value);
}
