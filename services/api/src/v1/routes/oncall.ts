import { Router, type Response } from 'express';
import {
  createOncallLayer,
  createOncallOverride,
  createOncallSchedule,
  deleteOncallLayer,
  deleteOncallOverride,
  deleteOncallSchedule,
  findOncallSchedule,
  listOncallSchedules,
  oncallFeedUrl,
  oncallFinalSchedule,
  oncallIdParam,
  oncallNowAndNext,
  overridesBetween,
  presentOncallOverride,
  presentOncallSchedule,
  presentOncallShift,
  requireObjectBody,
  rotateOncallScheduleFeed,
  rotateOncallUserFeed,
  updateOncallLayer,
  updateOncallOverride,
  updateOncallSchedule,
  userFeedToken,
  userNames,
  validateOncallLayerInput,
  validateOncallOverrideInput,
  validateOncallRange,
  validateOncallScheduleInput,
  presentOncallNow,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';

/**
 * /oncall: on-call schedules, their layers and overrides, who is on call now and next, the final
 * schedule for a range, and the secret iCal feed addresses (docs/oncall.md).
 */
export function oncallRouter(ctx: V1Context): Router {
  const r = Router();
  const scheduleId = (v: unknown) => oncallIdParam(v, 'on-call schedule');
  const schedule = (res: Response, id: unknown) => findOncallSchedule(ctx.prisma, authOf(res).projectId, scheduleId(id));

  r.get('/oncall/schedules', async (_req, res) => {
    res.json({ data: (await listOncallSchedules(ctx.prisma, authOf(res).projectId)).map(presentOncallSchedule) });
  });

  r.post('/oncall/schedules', requireWriteKey, async (req, res) => {
    const row = await createOncallSchedule(ctx.prisma, authOf(res), validateOncallScheduleInput(requireObjectBody(req.body)));
    res.status(201).json({ data: presentOncallSchedule(row) });
  });

  r.get('/oncall/schedules/:uuid', async (req, res) => {
    res.json({ data: presentOncallSchedule(await schedule(res, req.params.uuid)) });
  });

  r.patch('/oncall/schedules/:uuid', requireWriteKey, async (req, res) => {
    const old = await schedule(res, req.params.uuid);
    const input = validateOncallScheduleInput({ name: old.name, description: old.description, ...requireObjectBody(req.body) });
    res.json({ data: presentOncallSchedule(await updateOncallSchedule(ctx.prisma, authOf(res), old.id, input)) });
  });

  r.delete('/oncall/schedules/:uuid', requireWriteKey, async (req, res) => {
    await deleteOncallSchedule(ctx.prisma, authOf(res), scheduleId(req.params.uuid));
    res.status(204).end();
  });

  r.post('/oncall/schedules/:uuid/layers', requireWriteKey, async (req, res) => {
    const input = validateOncallLayerInput(requireObjectBody(req.body));
    res.status(201).json({ data: presentOncallSchedule(await createOncallLayer(ctx.prisma, authOf(res), scheduleId(req.params.uuid), input)) });
  });

  r.patch('/oncall/schedules/:uuid/layers/:layer', requireWriteKey, async (req, res) => {
    const layer = oncallIdParam(req.params.layer, 'layer');
    const row = await updateOncallLayer(ctx.prisma, authOf(res), scheduleId(req.params.uuid), layer, requireObjectBody(req.body));
    res.json({ data: presentOncallSchedule(row) });
  });

  r.delete('/oncall/schedules/:uuid/layers/:layer', requireWriteKey, async (req, res) => {
    const row = await deleteOncallLayer(ctx.prisma, authOf(res), scheduleId(req.params.uuid), oncallIdParam(req.params.layer, 'layer'));
    res.json({ data: presentOncallSchedule(row) });
  });

  r.get('/oncall/schedules/:uuid/overrides', async (req, res) => {
    const s = await schedule(res, req.params.uuid);
    const { from, to } = validateOncallRange(req.query as Record<string, unknown>, ctx.clock.now());
    res.json({ data: (await overridesBetween(ctx.prisma, s.id, from, to)).map(presentOncallOverride) });
  });

  r.post('/oncall/schedules/:uuid/overrides', requireWriteKey, async (req, res) => {
    const input = validateOncallOverrideInput(requireObjectBody(req.body));
    const row = await createOncallOverride(ctx.prisma, authOf(res), scheduleId(req.params.uuid), input, ctx.clock.now());
    res.status(201).json({ data: presentOncallOverride(row) });
  });

  r.patch('/oncall/schedules/:uuid/overrides/:override', requireWriteKey, async (req, res) => {
    const id = oncallIdParam(req.params.override, 'override');
    const row = await updateOncallOverride(ctx.prisma, authOf(res), scheduleId(req.params.uuid), id, requireObjectBody(req.body));
    res.json({ data: presentOncallOverride(row) });
  });

  r.delete('/oncall/schedules/:uuid/overrides/:override', requireWriteKey, async (req, res) => {
    await deleteOncallOverride(ctx.prisma, authOf(res), scheduleId(req.params.uuid), oncallIdParam(req.params.override, 'override'));
    res.status(204).end();
  });

  r.get('/oncall/schedules/:uuid/on-call', async (req, res) => {
    const s = await schedule(res, req.params.uuid);
    const at = ctx.clock.now();
    const { now, next } = await oncallNowAndNext(ctx.prisma, s, at);
    const names = await userNames(
      ctx.prisma,
      [now, next].flatMap((x) => (x ? [x.userId] : [])),
    );
    res.json({ data: presentOncallNow(at, { now, next }, names) });
  });

  r.get('/oncall/schedules/:uuid/final', async (req, res) => {
    const s = await schedule(res, req.params.uuid);
    const { from, to } = validateOncallRange(req.query as Record<string, unknown>, ctx.clock.now());
    const shifts = await oncallFinalSchedule(ctx.prisma, s, from, to);
    const names = await userNames(
      ctx.prisma,
      shifts.map((x) => x.userId),
    );
    res.json({ data: shifts.map((x) => presentOncallShift(x, names)) });
  });

  r.get('/oncall/schedules/:uuid/feed', async (req, res) => {
    const s = await schedule(res, req.params.uuid);
    res.json({ data: { url: oncallFeedUrl(ctx.config.appBaseUrl, s.icalToken) } });
  });

  r.post('/oncall/schedules/:uuid/feed/rotate', requireWriteKey, async (req, res) => {
    const s = await rotateOncallScheduleFeed(ctx.prisma, authOf(res), scheduleId(req.params.uuid));
    res.json({ data: { url: oncallFeedUrl(ctx.config.appBaseUrl, s.icalToken) } });
  });

  r.get('/oncall/users/:user/feed', async (req, res) => {
    const token = await userFeedToken(ctx.prisma, authOf(res), oncallIdParam(req.params.user, 'user'));
    res.json({ data: { url: oncallFeedUrl(ctx.config.appBaseUrl, token) } });
  });

  r.post('/oncall/users/:user/feed/rotate', requireWriteKey, async (req, res) => {
    const token = await rotateOncallUserFeed(ctx.prisma, authOf(res), oncallIdParam(req.params.user, 'user'));
    res.json({ data: { url: oncallFeedUrl(ctx.config.appBaseUrl, token) } });
  });
  return r;
}
