import { CHANNEL_KINDS } from '@upmon/channels';
import { Router } from 'express';
import { authOf } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';
import { hcRequireWriteKey } from '../hc-authenticate.js';

/** upmon's integration kinds by Healthchecks' names, where they differ (each kind's folder says). */
const HC_KINDS: Record<string, string> = Object.fromEntries(CHANNEL_KINDS.flatMap((k) => ('healthchecksName' in k ? [[k.kind, k.healthchecksName]] : [])));

/** /channels/: the project's integrations as `{id: uuid, name, kind}` (read-write keys, as in Healthchecks). */
export function hcChannelsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/channels', hcRequireWriteKey, async (_req, res) => {
    const { rows } = await ctx.pool.query<{ uuid: string; name: string; kind: string }>({
      name: 'hc-list-channels',
      text: 'SELECT uuid::text AS uuid, name, kind::text AS kind FROM integrations WHERE project_id = $1 ORDER BY id',
      values: [authOf(res).projectId],
    });
    res.json({ channels: rows.map((i) => ({ id: i.uuid, name: i.name, kind: HC_KINDS[i.kind] ?? i.kind })) });
  });
  return r;
}
