import express, { Router } from 'express';
import { REMOTE_RESULTS_BODY_LIMIT_BYTES, requireObjectBody, validateRemoteProbeResults } from '@upmon/domain';
import type { LocationJobSource } from '@upmon/queue';
import type { V1Context } from '../context.js';
import { authenticateLocation, boundedIntQuery, locationOf } from './authenticate-location.js';
import type { HandedProbes } from './handed-probes.js';
import { remoteProbesOf } from './remote-probes.js';
import type { RemoteResultSink } from './remote-result-sink.js';

/** Longest long poll (s): below the 60 s idle timeouts of common proxies and load balancers. */
export const MAX_POLL_WAIT_SEC = 30;
/** Jobs per poll: 2 × PROBES_PER_JOB = at most 100 probes, the most one results POST may carry. */
const JOBS_PER_POLL = 2;

export interface RemoteProberDeps {
  jobs: LocationJobSource;
  handed: HandedProbes;
  results: RemoteResultSink;
}

/**
 * /prober: what a private location's prober (PROBER_MODE=remote, docs/locations.md) talks to,
 * with its location key, outbound from the customer's network:
 * - GET /prober/jobs?wait=<s>: long poll; the due probes of the location's queue, for the
 *   account's checks that chose the location, with their configs;
 * - POST /prober/results: the results of probes it was handed (each accepted once; others are
 *   refused per result), recorded through the same path as every location's (check-store).
 */
export function proberRouter(ctx: V1Context, deps: RemoteProberDeps): Router {
  const r = Router();
  r.use('/prober', authenticateLocation(ctx));

  r.get('/prober/jobs', async (req, res) => {
    const location = locationOf(res);
    const waitSec = boundedIntQuery(req.query.wait, 'wait', 0, MAX_POLL_WAIT_SEC, 25);
    let gone = false;
    res.on('close', () => (gone = true));
    const jobs = await deps.jobs.take(location.code, waitSec * 1000, JOBS_PER_POLL, () => gone);
    const probes = await remoteProbesOf(ctx.pool, ctx.cipher, location.accountId, location.code, jobs, ctx.clock.now());
    await deps.handed.remember(
      location.code,
      probes.map((p) => ({ checkId: p.check_id, scheduledAt: p.scheduled_at })),
    );
    res.json({ data: { location: location.code, probes } });
  });

  r.post('/prober/results', express.json({ limit: REMOTE_RESULTS_BODY_LIMIT_BYTES, strict: false, type: () => true }), async (req, res) => {
    const location = locationOf(res);
    const results = validateRemoteProbeResults(requireObjectBody(req.body));
    const handed = await deps.handed.settle(
      location.code,
      results.map((x) => ({ checkId: x.check_id, scheduledAt: x.scheduled_at })),
    );
    const accepted = results.filter((_, i) => handed[i]);
    const recorded = await deps.results.record(location.code, accepted, ctx.clock.now());
    res.json({
      data: {
        recorded: recorded.filter(Boolean).length,
        refused: results
          .filter((_, i) => !handed[i])
          .map((x) => ({ check_id: x.check_id, scheduled_at: x.scheduled_at, reason: 'not a probe handed to this location, or already answered' })),
      },
    });
  });
  return r;
}
