import { Router, type Response } from 'express';
import type pg from 'pg';
import { ALL_CHECKS, ApiError, BADGE_FORMATS, type BadgeFormat } from '@upmon/domain';
import { readBadgeCounts } from './badge-counts.js';
import { badgeJson, badgeShields, badgeSvg } from './badge-render.js';
import { badgeStatus } from './badge-status.js';

/** Badges are fetched by README renderers and dashboards: cached briefly, so a flip shows soon. */
const BADGE_CACHE_CONTROL = 'public, max-age=30';
const BADGE_KEY = /^[0-9a-f]{32}$/;
/** Tags are 1–100 characters (docs/api.md). */
const TAG_MAX = 100;

function notFound(): never {
  throw ApiError.notFound('badge not found');
}

/** `<tag>.<format>` → its parts, or null. The format is after the last dot (tags may hold dots). */
function parseFile(file: string): { tag: string; format: BadgeFormat } | null {
  const dot = file.lastIndexOf('.');
  if (dot <= 0) return null;
  const format = file.slice(dot + 1) as BadgeFormat;
  const tag = file.slice(0, dot);
  if (!BADGE_FORMATS.includes(format) || [...tag].length > TAG_MAX) return null;
  return { tag, format };
}

/**
 * GET /badge/<badge_key>/<tag or *>.<svg|json|shields>[?states=2]: public, no API key; the badge
 * key (unguessable, per project) is the only secret. `states=2` shows late checks as up.
 */
export function badgeRouter(pool: pg.Pool): Router {
  const r = Router();
  // Any page may read a badge (dashboards fetch the JSON forms from the browser): every answer,
  // errors included, allows cross-origin reads, and a preflight is answered as Healthchecks does.
  r.use('/badge', (req, res, next) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('access-control-allow-methods', 'GET, OPTIONS');
    res.setHeader('access-control-max-age', '600');
    res.status(204).end();
  });
  r.get('/badge/:key/:file', async (req, res: Response) => {
    const key = req.params.key as string;
    const parsed = parseFile(req.params.file as string);
    if (!BADGE_KEY.test(key) || !parsed) notFound();
    const states = req.query.states;
    if (states !== undefined && states !== '2' && states !== '3') throw new ApiError('bad_request', 'states must be 2 or 3');
    const data = await readBadgeCounts(pool, key, parsed.tag === ALL_CHECKS ? null : parsed.tag);
    if (!data) notFound();
    const status = badgeStatus(data, states !== '2');
    const label = parsed.tag === ALL_CHECKS ? data.projectName : parsed.tag;
    res.setHeader('cache-control', BADGE_CACHE_CONTROL);
    if (parsed.format === 'svg') res.type('image/svg+xml').send(badgeSvg(label, status));
    else if (parsed.format === 'json') res.json(badgeJson(status, data));
    else res.json(badgeShields(label, status));
  });
  return r;
}
