import { Router } from 'express';
import { ApiError, listAuditEvents, parseAuditLogQuery, presentAuditEvent } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** /audit-log: the events of the key's project, a page at a time; read-write keys only (it names people and their addresses). */
export function auditLogRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/audit-log', async (req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'rw') throw new ApiError('forbidden', 'the audit log needs a read-write API key: it names people and where they signed in from');
    // The key's project only (docs/api.md, "the audit log"): a key of one project reads nothing of the others, nor the account's own events.
    const scope = { accountId: auth.accountId, projectId: auth.projectId };
    const { events, nextCursor } = await listAuditEvents(ctx.pool, scope, parseAuditLogQuery(req.query));
    res.json({ data: events.map(presentAuditEvent), next_cursor: nextCursor });
  });
  return r;
}
