/**
 * Every page of the web app, seeded with data enough to show its parts, for the tests that visit
 * them all (accessibility.test.ts). A new page gets a line here.
 */
import type { PrismaClient } from '@upmon/db';
import { makeApiKey, makeCheck, makeIntegration, makeMaintenanceWindow, makeProject } from '@upmon/testing';
import { makeUser } from '../support/web-users.js';

export interface WebPage {
  name: string;
  path: string;
  /** Visited signed out (sign-in, sign-up, public status page) or as the project's owner. */
  signedIn: boolean;
}

export interface SeededPages {
  email: string;
  pages: WebPage[];
}

/** A project with a check of each kind, an integration, a key, maintenance, a status page; an empty project; the owner's e-mail. */
export async function seedWebPages(prisma: PrismaClient, base: string): Promise<SeededPages> {
  const project = await makeProject(prisma, { plan: 'pro' });
  const p = `/projects/${project.id}`;
  const empty = await makeProject(prisma, { accountId: project.accountId });
  const email = (await makeUser(prisma, project.accountId, 'owner', `owner-${project.id}@pages.example.com`)).email;
  const heartbeat = await makeCheck(prisma, project.id, {
    name: 'nightly backup',
    status: 'down',
    tags: ['db', 'prod'],
    lastPingAt: new Date(Date.now() - 3_600_000),
  });
  await makeCheck(prisma, project.id, {
    name: 'cron job',
    status: 'up',
    scheduleKind: 'cron',
    cron: '30 2 * * *',
    periodSec: null,
    tz: 'Europe/Riga',
    tags: ['prod'],
  });
  await makeCheck(prisma, project.id, { name: 'paused one', status: 'paused' });
  // Probe checks through the REST API, so their configs are stored as the API stores them.
  const { key } = await makeApiKey(prisma, project.id);
  const probeChecks: Record<string, string> = {};
  for (const [kind, config] of [
    ['http', { http_config: { url: 'https://example.com/health' } }],
    ['tcp', { tcp_config: { host: 'db.example.com', port: 5432 } }],
    ['dns', { dns_config: { name: 'example.com' } }],
    ['tls', { tls_config: { host: 'example.com' } }],
  ] as const) {
    const res = await fetch(`${base}/api/v1/checks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${kind} probe`, kind, schedule: { kind: 'period', period_sec: 300 }, grace_sec: 60, ...config }),
    });
    if (res.status !== 201) throw new Error(`creating a ${kind} check: ${res.status} ${await res.text()}`);
    probeChecks[kind] = ((await res.json()) as { data: { id: string } }).data.id;
  }
  const integration = await makeIntegration(prisma, project.id, 'webhook', { url: 'https://hooks.example.com/upmon' }, { name: 'ops webhook' });
  await makeMaintenanceWindow(prisma, project.id, { name: 'weekly patching', schedule: '0 3 * * sun', tz: 'Europe/Berlin', durationMin: 60 });
  const statusPage = await prisma.statusPage.create({
    data: {
      projectId: project.id,
      title: 'Acme status',
      enabled: true,
      groups: { create: [{ name: 'Jobs', position: 0, checks: { create: [{ checkId: heartbeat.id, position: 0 }] } }] },
    },
  });
  const owner = await prisma.user.findUniqueOrThrow({ where: { email } });
  const schedule = await prisma.oncallSchedule.create({
    data: {
      projectId: project.id,
      name: 'Primary on call',
      icalToken: `pages${project.id.replace(/-/g, '').slice(0, 27)}`,
      layers: {
        create: [
          {
            position: 0,
            name: 'Daily',
            userIds: [owner.id],
            rotationUnit: 'days',
            rotationCount: 1,
            anchorDate: '2026-01-05',
            handoffTime: '09:00',
            tz: 'Europe/Berlin',
          },
        ],
      },
    },
  });
  const pages: WebPage[] = [
    { name: 'sign-in', path: '/sign-in', signedIn: false },
    { name: 'sign-up', path: '/sign-up', signedIn: false },
    { name: 'reset password', path: '/reset-password', signedIn: false },
    { name: 'continue with SSO', path: '/sign-in/sso', signedIn: false },
    { name: 'public status page', path: `/status/${statusPage.publicKey}`, signedIn: false },
    { name: 'projects', path: '/projects', signedIn: true },
    { name: 'dashboard, empty', path: `/projects/${empty.id}`, signedIn: true },
    { name: 'dashboard', path: p, signedIn: true },
    { name: 'dashboard, filtered', path: `${p}?tag=prod&sort=name`, signedIn: true },
    { name: 'check: heartbeat', path: `/checks/${heartbeat.id}`, signedIn: true },
    ...Object.entries(probeChecks).map(([kind, id]) => ({ name: `check: ${kind}`, path: `/checks/${id}`, signedIn: true })),
    { name: 'check form: new', path: `${p}/checks/new`, signedIn: true },
    { name: 'check form: edit', path: `/checks/${heartbeat.id}/edit`, signedIn: true },
    { name: 'check form: edit http', path: `/checks/${probeChecks.http}/edit`, signedIn: true },
    { name: 'delete check', path: `/checks/${heartbeat.id}/delete`, signedIn: true },
    { name: 'integrations', path: `${p}/integrations`, signedIn: true },
    { name: 'integration: add', path: `${p}/integrations/new`, signedIn: true },
    { name: 'integration: edit', path: `${p}/integrations/${integration.id}`, signedIn: true },
    { name: 'api keys', path: `${p}/keys`, signedIn: true },
    { name: 'status page settings', path: `${p}/status-page`, signedIn: true },
    { name: 'maintenance', path: `${p}/maintenance`, signedIn: true },
    { name: 'on call', path: `${p}/oncall`, signedIn: true },
    { name: 'on-call schedule', path: `${p}/oncall/${schedule.id}`, signedIn: true },
    { name: 'badges', path: `${p}/badges`, signedIn: true },
    { name: 'account', path: `/accounts/${project.accountId}`, signedIn: true },
    { name: 'audit log', path: `/accounts/${project.accountId}/audit-log`, signedIn: true },
    { name: 'single sign-on', path: `/accounts/${project.accountId}/sso`, signedIn: true },
    { name: 'me', path: '/me', signedIn: true },
    { name: 'two-factor', path: '/me/two-factor', signedIn: true },
    { name: 'not found', path: '/projects/00000000-0000-4000-8000-000000000000', signedIn: true },
  ];
  return { email, pages };
}
