import { Router, type Response } from 'express';
import { isValidTimeZone, localDays } from '@upmon/core';
import {
  createOncallLayer,
  createOncallOverride,
  deleteOncallLayer,
  createOncallSchedule,
  deleteOncallOverride,
  findOncallSchedule,
  listOncallSchedules,
  oncallCandidates,
  oncallFinalSchedule,
  oncallIdParam,
  oncallNowAndNext,
  overridesBetween,
  userNames,
  validateOncallLayerInput,
  validateOncallOverrideInput,
  validateOncallScheduleInput,
  type FieldErrors,
} from '@upmon/domain';
import { asForm, field, fields } from '../forms/form-values.js';
import { instantOfWallTime } from '../forms/local-date-time.js';
import { formErrorsOf } from '../http/form-errors.js';
import { noticeOf } from '../http/notice.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { LAYER_FORM_SLOTS, OncallListPage, OncallSchedulePage, type LayerForm, type OverrideForm } from '../views/oncall/oncall-pages.js';
import type { WebContext } from '../web-context.js';

const NOTICES: Record<string, string> = {
  created: 'Schedule created.',
  override: 'Override added.',
  override_deleted: 'Override deleted.',
  layer: 'Layer added.',
  layer_deleted: 'Layer deleted.',
};
const TIMELINE_DAYS = 14;

/** On-call schedules in the app (docs/oncall.md): everyone in the account reads them; members and up add schedules and overrides. */
export function oncallRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  const access = (res: Response, id: string) => projectAccess(ctx, viewerOf(res) as Viewer, id);

  const showList = async (res: Response, a: ProjectAccess, extra: { name?: string; errors?: FieldErrors; notice?: string | null } = {}, status = 200) => {
    const now = ctx.clock.now();
    const schedules = await Promise.all(
      (await listOncallSchedules(ctx.prisma, a.project.id)).map(async (schedule) => ({ schedule, onCall: await oncallNowAndNext(ctx.prisma, schedule, now) })),
    );
    const names = await userNames(
      ctx.prisma,
      schedules.flatMap(({ onCall }) => [onCall.now, onCall.next].flatMap((s) => (s ? [s.userId] : []))),
    );
    sendPage(
      res,
      <OncallListPage
        page={pageContext(res, ctx.assets)}
        access={a}
        schedules={schedules}
        names={names}
        name={extra.name ?? ''}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  const showSchedule = async (
    res: Response,
    a: ProjectAccess,
    id: string,
    extra: { form?: OverrideForm; layerForm?: LayerForm; failed?: 'override' | 'layer'; errors?: FieldErrors; notice?: string | null } = {},
    status = 200,
  ) => {
    const now = ctx.clock.now();
    const schedule = await findOncallSchedule(ctx.prisma, a.project.id, id);
    const tz = schedule.layers.at(-1)?.tz ?? 'UTC';
    const days = localDays(tz, now, TIMELINE_DAYS);
    const from = days[0]!.start;
    const to = days.at(-1)!.end;
    const [onCall, shifts, overrides, candidates] = await Promise.all([
      oncallNowAndNext(ctx.prisma, schedule, now),
      oncallFinalSchedule(ctx.prisma, schedule, from, to),
      overridesBetween(ctx.prisma, schedule.id, now, to),
      oncallCandidates(ctx.prisma, a.scope.accountId),
    ]);
    const names = await userNames(ctx.prisma, [
      ...schedule.layers.flatMap((l) => l.userIds),
      ...shifts.map((s) => s.userId),
      ...overrides.map((o) => o.userId),
    ]);
    sendPage(
      res,
      <OncallSchedulePage
        page={pageContext(res, ctx.assets)}
        access={a}
        schedule={schedule}
        onCall={onCall}
        tz={tz}
        days={days}
        shifts={shifts}
        overrides={overrides}
        candidates={candidates}
        names={names}
        form={extra.form ?? { user: '', startsAt: '', endsAt: '', tz }}
        layerForm={extra.layerForm ?? { name: '', users: [], unit: 'days', count: '1', anchorDate: now.toISOString().slice(0, 10), handoffTime: '09:00', tz }}
        failed={extra.failed}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  r.get('/projects/:id/oncall', async (req, res) => {
    await showList(res, await access(res, req.params.id), { notice: noticeOf(NOTICES, req.query.done) ?? null });
  });

  r.post('/projects/:id/oncall', async (req, res) => {
    const a = await access(res, req.params.id);
    requireRole(a.role, 'checks.write');
    const name = field(asForm(req.body), 'name');
    try {
      const row = await createOncallSchedule(ctx.prisma, a.scope, validateOncallScheduleInput({ name }));
      res.redirect(303, `/projects/${a.project.id}/oncall/${row.id}?done=created`);
    } catch (err) {
      const e = formErrorsOf(err);
      await showList(res, a, { name, errors: e.errors }, e.status);
    }
  });

  r.get('/projects/:id/oncall/:schedule', async (req, res) => {
    const a = await access(res, req.params.id);
    await showSchedule(res, a, oncallIdParam(req.params.schedule, 'on-call schedule'), { notice: noticeOf(NOTICES, req.query.done) ?? null });
  });

  r.post('/projects/:id/oncall/:schedule/overrides', async (req, res) => {
    const a = await access(res, req.params.id);
    requireRole(a.role, 'checks.write');
    const id = oncallIdParam(req.params.schedule, 'on-call schedule');
    const f = asForm(req.body);
    const form: OverrideForm = { user: field(f, 'user'), startsAt: field(f, 'starts_at'), endsAt: field(f, 'ends_at'), tz: field(f, 'tz') || 'UTC' };
    // The form speaks wall-clock times of a zone; the domain takes instants.
    const errors: FieldErrors = {};
    if (!isValidTimeZone(form.tz)) errors.tz = ['is not a known time zone'];
    const instant = (name: 'starts_at' | 'ends_at', value: string) => {
      if (errors.tz) return '';
      const r = instantOfWallTime(value, form.tz);
      if ('error' in r) errors[name] = [r.error];
      return 'at' in r ? r.at.toISOString() : '';
    };
    const body = { user: form.user, starts_at: instant('starts_at', form.startsAt), ends_at: instant('ends_at', form.endsAt) };
    if (Object.keys(errors).length > 0) {
      await showSchedule(res, a, id, { form, errors, failed: 'override' }, 422);
      return;
    }
    try {
      await createOncallOverride(ctx.prisma, a.scope, id, validateOncallOverrideInput(body), ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      await showSchedule(res, a, id, { form, errors: e.errors, failed: 'override' }, e.status);
      return;
    }
    res.redirect(303, `/projects/${a.project.id}/oncall/${id}?done=override`);
  });

  r.post('/projects/:id/oncall/:schedule/layers', async (req, res) => {
    const a = await access(res, req.params.id);
    requireRole(a.role, 'checks.write');
    const id = oncallIdParam(req.params.schedule, 'on-call schedule');
    const f = asForm(req.body);
    const layerForm: LayerForm = {
      name: field(f, 'name'),
      users: fields(f, 'users').slice(0, LAYER_FORM_SLOTS),
      unit: field(f, 'rotation_unit'),
      count: field(f, 'rotation_count'),
      anchorDate: field(f, 'anchor_date'),
      handoffTime: field(f, 'handoff_time'),
      tz: field(f, 'tz') || 'UTC',
    };
    const count = /^\d{1,5}$/.test(layerForm.count) ? Number(layerForm.count) : layerForm.count;
    const body = {
      ...(layerForm.name ? { name: layerForm.name } : {}),
      users: layerForm.users.filter((u) => u !== ''),
      rotation: { unit: layerForm.unit, count },
      anchor_date: layerForm.anchorDate,
      handoff_time: layerForm.handoffTime,
      tz: layerForm.tz,
    };
    try {
      await createOncallLayer(ctx.prisma, a.scope, id, validateOncallLayerInput(body));
    } catch (err) {
      const e = formErrorsOf(err);
      // The API's dotted names → the form's fields.
      const errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.replace(/^rotation\./, 'rotation_').replace(/^users\.\d+$/, 'users'), v]));
      await showSchedule(res, a, id, { layerForm, errors, failed: 'layer' }, e.status);
      return;
    }
    res.redirect(303, `/projects/${a.project.id}/oncall/${id}?done=layer`);
  });

  r.post('/projects/:id/oncall/:schedule/layers/:layer/delete', async (req, res) => {
    const a = await access(res, req.params.id);
    requireRole(a.role, 'checks.write');
    const id = oncallIdParam(req.params.schedule, 'on-call schedule');
    await deleteOncallLayer(ctx.prisma, a.scope, id, oncallIdParam(req.params.layer, 'layer'));
    res.redirect(303, `/projects/${a.project.id}/oncall/${id}?done=layer_deleted`);
  });

  r.post('/projects/:id/oncall/:schedule/overrides/:override/delete', async (req, res) => {
    const a = await access(res, req.params.id);
    requireRole(a.role, 'checks.write');
    const id = oncallIdParam(req.params.schedule, 'on-call schedule');
    await deleteOncallOverride(ctx.prisma, a.scope, id, oncallIdParam(req.params.override, 'override'));
    res.redirect(303, `/projects/${a.project.id}/oncall/${id}?done=override_deleted`);
  });
  return r;
}
