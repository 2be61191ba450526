import { Router } from 'express';
import { isIgnoredPingNote } from '@upmon/core';
import { AAD } from '@upmon/crypto';
import { ApiError, checkIdParam } from '@upmon/domain';
import { authOf } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';
import { hcRequireWriteKey } from '../hc-authenticate.js';
import { hcVersionOf } from '../hc-version.js';
import { findHcCheck } from '../queries/hc-check-reads.js';
import { findPingBody, listHcPings, type HcPingRow } from '../queries/hc-ping-reads.js';

/** Healthchecks returns at most 1,000 pings (its paid plans' log size; upmon keeps 1,000 by default). */
const PINGS_MAX = 1000;

/**
 * Healthchecks' ping types: a ping recorded without effect (the check was paused, counts POST
 * pings only, …) is `ign`; an exit status is a success (0) or a failure (anything else).
 */
function hcPingType(p: HcPingRow): string {
  if (isIgnoredPingNote(p.note)) return 'ign';
  if (p.type === 'exit') return p.exit_status === 0 ? 'success' : 'fail';
  return p.type;
}

/** /checks/<uuid>/pings/ and /checks/<uuid>/pings/<n>/body (read-write keys, as in Healthchecks). */
export function hcPingsRouter(ctx: V1Context, opts: { appBaseUrl: string; scheme: string }): Router {
  const r = Router();
  const ownCheck = async (projectId: string, raw: unknown) => {
    const row = await findHcCheck(ctx.pool, projectId, checkIdParam(raw));
    if (!row) throw ApiError.notFound('check not found');
    return row;
  };

  r.get('/checks/:uuid/pings', hcRequireWriteKey, async (req, res) => {
    const check = await ownCheck(authOf(res).projectId, req.params.uuid);
    const rows = await listHcPings(ctx.pool, check.id, PINGS_MAX);
    const bodyBase = `${opts.appBaseUrl}/api/v${hcVersionOf(req)}/checks/${check.id}/pings`;
    res.json({
      pings: rows.map((p) => ({
        type: hcPingType(p),
        date: p.date,
        n: p.n,
        scheme: opts.scheme,
        remote_addr: p.source_ip,
        method: p.method,
        ua: p.user_agent ?? '',
        rid: p.rid,
        ...(p.duration_ms !== null ? { duration: Math.round(p.duration_ms / 10) / 100 } : {}),
        body_url: p.has_body && p.n !== null ? `${bodyBase}/${p.n}/body` : null,
      })),
    });
  });

  r.get('/checks/:uuid/pings/:n/body', hcRequireWriteKey, async (req, res) => {
    const check = await ownCheck(authOf(res).projectId, req.params.uuid);
    const n = String(req.params.n);
    if (!/^[1-9][0-9]{0,9}$/.test(n) || Number(n) > 2_147_483_647) throw ApiError.notFound('ping not found');
    // As Healthchecks: a ping older than the newest PING_RETENTION is gone, even if the scheduler
    // has not pruned it yet.
    if (Number(n) <= check.n_pings - ctx.config.pingRetention) throw ApiError.notFound('ping not found');
    const sealed = await findPingBody(ctx.pool, check.id, Number(n));
    if (!sealed) throw ApiError.notFound('ping not found or without a body');
    res.type('text/plain').send(ctx.cipher.decrypt(sealed, AAD.pingBody(check.id)));
  });
  return r;
}
