import { Router } from 'express';
import { ApiError, listAuditEvents, parseAuditLogQuery, presentAuditEvent } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** /audit-log: the key's account's audit log, a page at a time; read-write keys only (it names people and their addresses). */
export function auditLogRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/audit-log', async (req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'rw') throw new ApiError('forbidden', 'the audit log needs a read-write API key: it names people and where they signed in from');
    const { events, nextCursor } = await listAuditEvents(ctx.pool, auth.accountId, parseAuditLogQuery(req.query));
    res.json({ data: events.map(presentAuditEvent), next_cursor: nextCursor });
  });
  return r;
}
