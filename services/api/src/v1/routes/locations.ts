import { Router } from 'express';
import {
  createPrivateLocation,
  findPrivateLocation,
  privateLocationPages,
  parseListPageQuery,
  locationIdParam,
  presentPrivateLocation,
  requireObjectBody,
  revokePrivateLocation,
  rotatePrivateLocationKey,
  validateLocationKeyRotation,
  validatePrivateLocationInput,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { sendList } from '../../http/send-list.js';

/**
 * /locations: the account's private locations (docs/locations.md): list, create (the key is in
 * this one response), read, rotate the key, revoke. A project's key sees its account's locations.
 */
export function locationsRouter(ctx: V1Context): Router {
  const r = Router();

  r.get('/locations', async (req, res) => {
    const { accountId } = authOf(res);
    const page = parseListPageQuery(req.query);
    const read = privateLocationPages(ctx.prisma, accountId, ctx.clock.now());
    await sendList(res, ctx.listCursors, ctx.logger, { scope: `locations:${accountId}`, member: 'data', read, page });
  });

  r.post('/locations', requireWriteKey, async (req, res) => {
    const { name } = validatePrivateLocationInput(requireObjectBody(req.body));
    const { location, key } = await createPrivateLocation(ctx.prisma, authOf(res), name);
    res.status(201).json({ data: { ...presentPrivateLocation(location, ctx.clock.now()), key } });
  });

  r.get('/locations/:uuid', async (req, res) => {
    const row = await findPrivateLocation(ctx.prisma, authOf(res).accountId, locationIdParam(req.params.uuid));
    res.json({ data: presentPrivateLocation(row, ctx.clock.now()) });
  });

  r.post('/locations/:uuid/rotate-key', requireWriteKey, async (req, res) => {
    const now = ctx.clock.now();
    const { grace_sec } = validateLocationKeyRotation(requireObjectBody(req.body));
    const { location, key } = await rotatePrivateLocationKey(ctx.prisma, authOf(res), locationIdParam(req.params.uuid), grace_sec, now);
    res.json({ data: { ...presentPrivateLocation(location, now), key } });
  });

  r.post('/locations/:uuid/revoke', requireWriteKey, async (req, res) => {
    const now = ctx.clock.now();
    const row = await revokePrivateLocation(ctx.prisma, authOf(res), locationIdParam(req.params.uuid), now);
    res.json({ data: presentPrivateLocation(row, now) });
  });
  return r;
}
