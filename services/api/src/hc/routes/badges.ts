import { Router } from 'express';
import { projectBadges } from '@upmon/domain';
import { authOf } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';

/**
 * /badges/: Healthchecks' shape, `{"badges": {<tag or "*">: {svg, svg3, json, json3, shields,
 * shields3}}}`, over upmon's badge URLs (docs/api.md, "Badges"): the `…3` forms show three states
 * (up, late, down); the others are the same badge with `?states=2` (late shown as up), as
 * Healthchecks' two-state badges.
 */
export function hcBadgesRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/badges', async (_req, res) => {
    const badges = await projectBadges(ctx.pool, ctx.config.appBaseUrl, authOf(res).projectId);
    const entries = badges.map(({ tag, urls }) => [
      tag,
      {
        svg: `${urls.svg}?states=2`,
        svg3: urls.svg,
        json: `${urls.json}?states=2`,
        json3: urls.json,
        shields: `${urls.shields}?states=2`,
        shields3: urls.shields,
      },
    ]);
    res.json({ badges: Object.fromEntries(entries) });
  });
  return r;
}
