import { scheduleOf } from '@upmon/check-store';
import { Router } from 'express';
import { isProbedKind, isValidTimeZone } from '@upmon/core';
import {
  decryptPingBody,
  findCheck,
  listFlips,
  listPings,
  cloneCheck,
  deleteCheck,
  recordManualPing,
  listCheckIntegrations,
  readCheckCodeKey,
  setCheckIntegration,
  spendCheckChange,
  pauseOrResumeCheck,
  snoozeCheck,
  endSnooze,
  validateSnoozeInput,
  readCheckCertificate,
  readCheckAvailability,
  readCheckSloStatuses,
  readCheckLocations,
  readResponseTimes,
  readDependencyNeighbours,
  readProbeSettings,
  RESPONSE_TIME_RANGE_NAMES,
} from '@upmon/domain';
import { arrivalPoints, durationPoints } from '../charts/run-charts.js';
import { asForm, field } from '../forms/form-values.js';
import { checkAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { noticeOf } from '../http/notice.js';
import { checkDeliveries } from '../queries/check-deliveries.js';
import { liveStatuses } from '../queries/dashboard-checks.js';
import { nextTimesInZone } from '../schedule-words.js';
import { checkMaintenance } from '../queries/project-maintenance.js';
import { lastFailureOf } from '../check-page/last-failure.js';
import { probeTargetFacts } from '../check-page/probe-target.js';
import { statusSince } from '../check-page/status-since.js';
import { CheckPage } from '../views/checks/check-page.js';
import { DeleteCheckPage } from '../views/checks/delete-check-page.js';
import type { WebContext } from '../web-context.js';

/** Pings read for the check page's charts; the newest PINGS_LISTED of them are listed. */
const PINGS_READ = 100;
const PINGS_LISTED = 25;
const FLIPS_SHOWN = 50;
/** The checks depending on this one, listed on its page (by name; a project rarely has more). */
const DEPENDENTS_LISTED = 100;

/** Notices after an action (fixed words: nothing from the URL is shown). */
const NOTICES: Record<string, string> = {
  created: 'Check created. Ping its URL to start monitoring.',
  created_probed: 'Check created. upmon probes it now, then at every interval: the results appear below.',
  saved: 'Changes saved.',
  cloned: 'This is the copy, with its own ping URL. Edit it to change what it monitors.',
  integration_on: 'Integration turned on for this check.',
  integration_off: 'Integration turned off for this check.',
  pinged: 'Ping recorded (from the web app, in your name).',
  paused: 'Paused: no alerts until you resume it. Pings are still recorded.',
  resumed: 'Resumed.',
  acknowledged: 'Acknowledged: reminders and escalations of this outage stop. Its recovery is still sent.',
  snoozed: 'Snoozed: its notifications are muted until the time shown; it is still monitored.',
  unsnoozed: 'Snooze ended: its notifications are sent again.',
};

const isoOf = (t: Date | string) => (typeof t === 'string' ? t : t.toISOString());

/** The check page (the target of every alert link) and its actions. */
export function checksRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/checks', requireViewer);

  const load = async (viewer: Viewer, id: string): Promise<{ access: ProjectAccess; check: NonNullable<Awaited<ReturnType<typeof findCheck>>> }> => {
    const access = await checkAccess(ctx, viewer, id);
    const check = await findCheck(ctx.pool, access.project.id, id.toLowerCase());
    if (!check) throw notFound();
    return { access, check };
  };

  r.get('/checks/:id', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    const probed = isProbedKind(check.kind);
    const range = RESPONSE_TIME_RANGE_NAMES.find((r) => r === req.query.range) ?? '24h';
    const now = ctx.clock.now();
    const [
      pings,
      flips,
      deliveries,
      neighbours,
      maintenance,
      responseTimes,
      certificate,
      probeSettings,
      availability,
      integrations,
      locations,
      codeKey,
      sloStatuses,
    ] = await Promise.all([
      listPings(ctx.pool, check.id, PINGS_READ),
      listFlips(ctx.pool, check.id, FLIPS_SHOWN),
      checkDeliveries(ctx.pool, check.id),
      readDependencyNeighbours(ctx.prisma, { id: check.id, projectId: access.project.id, dependsOn: check.dependsOn }, DEPENDENTS_LISTED),
      checkMaintenance(ctx.prisma, { id: check.id, projectId: access.project.id, tags: check.tags }, ctx.clock.now()),
      probed ? readResponseTimes(ctx.pool, access.project.id, check.id, range, now) : null,
      probed ? readCheckCertificate(ctx.pool, access.project.id, check.id) : null,
      probed ? readProbeSettings(ctx.prisma, ctx.cipher, check.id) : null,
      readCheckAvailability(ctx, { id: check.id, projectId: access.project.id, tags: check.tags, createdAt: new Date(check.createdAt) }, now),
      listCheckIntegrations(ctx.prisma, access.project.id, check.id),
      probed ? readCheckLocations(ctx.pool, ctx.cipher, access.project.id, check.id, ctx.config.publicLocations, now) : null,
      readCheckCodeKey(ctx.prisma, check.id),
      readCheckSloStatuses(ctx, { id: check.id, projectId: access.project.id, tags: check.tags }, now),
    ]);
    const schedule = scheduleOf(check);
    const points = pings.map((p) => ({ ts: new Date(p.ts), type: p.type, exitStatus: p.exit_status, durationMs: p.duration_ms }));
    const anchor = check.lastPingAt ? new Date(check.lastPingAt) : ctx.clock.now();
    const domains = ctx.config.pingDomains;
    const pingViews = pings.map((p) => ({
      ts: p.ts,
      type: p.type,
      exitStatus: p.exit_status,
      sourceIp: p.source_ip,
      method: p.method,
      durationMs: p.duration_ms,
      note: p.note,
      body: decryptPingBody(ctx.cipher, ctx.logger, p.body, check.id),
      bodySize: p.body_size,
      userAgent: p.user_agent,
    }));
    sendPage(
      res,
      <CheckPage
        page={pageContext(res, ctx.assets)}
        access={access}
        check={check}
        pingUrls={domains.map((d) => `${d}/${check.id}`)}
        slugUrls={check.slug ? domains.map((d) => `${d}/${access.project.pingKey}/${check.slug}`) : []}
        nextTimes={nextTimesInZone(schedule, anchor)}
        pings={pingViews.slice(0, PINGS_LISTED)}
        flips={flips}
        // In the check's depends_on order.
        dependencies={neighbours.dependencies}
        dependents={neighbours.dependents}
        maintenance={maintenance}
        deliveries={deliveries}
        durations={durationPoints(points)}
        arrivals={arrivalPoints(points, schedule)}
        // A probed check is not pinged: its creation says what happens instead.
        notice={noticeOf(NOTICES, req.query.done === 'created' && probed ? 'created_probed' : req.query.done) ?? null}
        responseTimes={responseTimes}
        certificate={certificate}
        locations={locations}
        now={now}
        availability={availability}
        sloStatuses={sloStatuses}
        integrations={integrations}
        codeKey={codeKey}
        since={statusSince({ status: check.status, createdAt: isoOf(check.createdAt), newestFlip: flips[0] ?? null, now })}
        failure={lastFailureOf({
          probed,
          status: check.status,
          flipReason: flips[0]?.reason ?? null,
          lastPingAt: check.lastPingAt === null ? null : isoOf(check.lastPingAt),
          createdAt: isoOf(check.createdAt),
          pings: pingViews,
        })}
        target={
          probeSettings
            ? // The URL's credentials are shown only in the form that changes them (docs/web.md): never the query here.
              probeTargetFacts(probeSettings, { showQuery: false })
            : []
        }
      />,
    );
  });

  r.get('/checks/:id/status.json', async (req, res) => {
    const access = await checkAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const checks = await liveStatuses(ctx.pool, access.project.id, req.params.id.toLowerCase());
    res.setHeader('Cache-Control', 'no-store');
    res.json({ checks });
  });

  for (const event of ['pause', 'resume'] as const) {
    r.post(`/checks/:id/${event}`, async (req, res) => {
      const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
      requireRole(access.role, 'checks.write');
      await pauseOrResumeCheck(ctx, access.scope, check.id, event, ctx.clock.now());
      res.redirect(303, `/checks/${check.id}?done=${event === 'pause' ? 'paused' : 'resumed'}`);
    });
  }

  // Snooze (docs/notifications.md, "Snooze"): the same verb as the API. A zone the browser sent
  // that we do not know falls back to the check's own.
  r.post('/checks/:id/snooze', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const form = asForm(req.body);
    const tz = field(form, 'tz');
    const input = validateSnoozeInput({ duration: field(form, 'duration'), ...(tz && isValidTimeZone(tz) ? { tz } : {}) });
    await snoozeCheck(ctx, access.scope, check.id, input, ctx.clock.now());
    res.redirect(303, `/checks/${check.id}?done=snoozed`);
  });
  r.post('/checks/:id/unsnooze', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    await endSnooze(ctx, access.scope, check.id);
    res.redirect(303, `/checks/${check.id}?done=unsnoozed`);
  });

  // A copy with a new ping URL, opened at once; it spends the account's creation budget like a new check.
  r.post('/checks/:id/clone', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    await spendCheckChange(ctx.rateLimiter, ctx.config.redisPrefix, 'create', access.scope.accountId);
    const copy = await cloneCheck(ctx, access.scope, check.id);
    res.redirect(303, `/checks/${copy.id}?done=cloned`);
  });

  // "Ping now": a success ping from the web app, recorded as the person's (heartbeat checks only).
  r.post('/checks/:id/ping', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const { access, check } = await load(viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    await recordManualPing(ctx, access.scope, check.id, viewer.email, ctx.clock.now());
    res.redirect(303, `/checks/${check.id}?done=pinged`);
  });

  // Switches one integration on or off for this check (Healthchecks' per-check integrations).
  r.post('/checks/:id/integrations/:integrationId', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const integrationId = Number(req.params.integrationId);
    if (!Number.isSafeInteger(integrationId) || integrationId < 1) throw notFound();
    const on = field(asForm(req.body), 'on') === '1';
    await setCheckIntegration(ctx.prisma, access.scope, check.id, integrationId, on);
    res.redirect(303, `/checks/${check.id}?done=${on ? 'integration_on' : 'integration_off'}#h-integrations`);
  });

  // Deleting asks first, on a page of its own (works without JavaScript, and with a keyboard).
  r.get('/checks/:id/delete', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    sendPage(res, <DeleteCheckPage page={pageContext(res, ctx.assets)} access={access} check={check} />);
  });

  r.post('/checks/:id/delete', async (req, res) => {
    const { access, check } = await load(viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    // The API's deletion budget (10/min, 60/h per account), shared with it.
    await deleteCheck(ctx.prisma, ctx.rateLimiter, ctx.config.redisPrefix, access.scope, check.id);
    res.redirect(303, `/projects/${access.project.id}`);
  });

  return r;
}
