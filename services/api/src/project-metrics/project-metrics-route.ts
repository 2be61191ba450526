import { Router, type Request, type Response } from 'express';
import { parseApiKey } from '@upmon/crypto';
import type pg from 'pg';
import { ApiError } from '@upmon/domain';
import { authOf } from '../v1/authenticate.js';
import type { V1Context } from '../v1/context.js';
import { healthchecksMetrics, type MetricsCheck } from './healthchecks-metrics.js';

async function readChecks(pool: pg.Pool, projectId: string): Promise<MetricsCheck[]> {
  const { rows } = await pool.query<MetricsCheck>({
    name: 'project-metrics-checks',
    text: `SELECT id, name, tags, status::text AS status,
                  (kind = 'heartbeat' AND last_start_at IS NOT NULL AND status IN ('new', 'up', 'late')) AS running
             FROM checks WHERE project_id = $1 ORDER BY created_at, id`,
    values: [projectId],
  });
  return rows;
}

/**
 * A project's checks for its own Prometheus, in Healthchecks' format (docs/api.md, "Prometheus
 * metrics"): GET /projects/<project id>/metrics/<read-only key>, or /projects/<project id>/metrics
 * with the key as a Bearer token (for scrapers that refuse keys in URLs). Only read-only keys:
 * a URL ends up in configs and logs. The key's checks are those of /api/v1 (plan, revocation,
 * 600 requests/min per key).
 */
export function projectMetricsRouter(ctx: Pick<V1Context, 'pool' | 'apiKeys'>): Router {
  const r = Router();
  const serve = async (req: Request, res: Response, token: string) => {
    const projectId = req.params.projectId as string;
    const client = ctx.apiKeys.admit(req);
    if (!parseApiKey(token)) return ctx.apiKeys.refuse(client, 'malformed API key: expected upm_ro_…');
    await ctx.apiKeys.verify(token, client, req, res);
    const auth = authOf(res);
    if (auth.kind !== 'ro') throw new ApiError('forbidden', 'use a read-only API key for metrics: the key is part of a scrape URL');
    if (projectId.toLowerCase() !== auth.projectId) throw new ApiError('forbidden', 'this key belongs to another project');
    const text = healthchecksMetrics(await readChecks(ctx.pool, auth.projectId));
    res.setHeader('cache-control', 'no-store');
    res.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  };
  r.get('/projects/:projectId/metrics/:key', (req, res) => serve(req, res, req.params.key as string));
  r.get('/projects/:projectId/metrics', (req, res) => {
    const m = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new ApiError('unauthorized', 'missing API key: put the read-only key in the URL or send Authorization: Bearer <key>');
    return serve(req, res, m[1] as string);
  });
  return r;
}
