import { Router } from 'express';
import {
  addWebhookSubscriber,
  exportSubscribers,
  importSubscribers,
  listSubscribers,
  parseListQuery,
  presentSubscriber,
  removeSubscriber,
  requireObjectBody,
  subscriberIdParam,
  validateStatusPageSubscriber,
  validateSubscriberImport,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';

/**
 * /status-page/subscribers (docs/api.md, "Status page subscribers"): who hears of the page's
 * incidents. Subscribers' addresses are personal data: every endpoint needs a read-write key.
 */
export function statusPageSubscribersRouter(ctx: V1Context): Router {
  const r = Router();
  const base = '/status-page/subscribers';

  r.get(base, requireWriteKey, async (req, res) => {
    const { rows, counts } = await listSubscribers(ctx.prisma, authOf(res).projectId, parseListQuery(req.query));
    res.json({ data: rows.map(presentSubscriber), counts });
  });

  r.post(base, requireWriteKey, async (req, res) => {
    const input = validateStatusPageSubscriber(requireObjectBody(req.body));
    const row = await addWebhookSubscriber(ctx.prisma, authOf(res), input.url, ctx.clock.now());
    res.status(201).json({ data: presentSubscriber(row) });
  });

  r.get(`${base}/export`, requireWriteKey, async (_req, res) => {
    const csv = await exportSubscribers(ctx.prisma, authOf(res));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="subscribers.csv"');
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  r.post(`${base}/import`, requireWriteKey, async (req, res) => {
    const input = validateSubscriberImport(requireObjectBody(req.body));
    res.json({ data: await importSubscribers(ctx.prisma, authOf(res), input.csv, ctx.clock.now()) });
  });

  r.delete(`${base}/:uuid`, requireWriteKey, async (req, res) => {
    await removeSubscriber(ctx.prisma, authOf(res), subscriberIdParam(req.params.uuid));
    res.status(204).end();
  });
  return r;
}
