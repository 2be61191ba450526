import { makeApiKey } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

// The web app says which checks and integrations are managed by code (docs/monitoring-as-code.md):
// on the check page, above the check's edit form, and on the integration's page (its edit form).
let h: Harness;
let team: Team;
let as: Record<string, WebClient>;
let key: string;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
  key = (await makeApiKey(h.prisma, team.project.id, 'rw')).key;
});
afterAll(() => h.close());

const NOTICE = /Managed by code \(key (\S+) ?\): this (check|integration) is applied from files with upmon apply ?\. A change made here shows as drift/;

test('a check and an integration applied from code carry the notice with their key; ones made by hand do not', async () => {
  const put = (path: string, body: Record<string, unknown>) => h.call('PUT', path, { key, body, headers: { 'if-none-match': '*' } });
  expect(
    (await put('/code/integrations/ops-hook', { kind: 'webhook', name: 'Ops hook', events: ['down'], config: { url: 'https://hooks.example/x' } })).status,
  ).toBe(201);
  expect((await put('/code/checks/nightly', { name: 'Nightly', grace_sec: 60, schedule: { kind: 'period', period_sec: 3600 } })).status).toBe(201);
  const byHand = await h.call('POST', '/checks', { key, body: { name: 'By hand', grace_sec: 60, schedule: { kind: 'period', period_sec: 3600 } } });
  const hook = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, codeKey: 'ops-hook' } });
  const nightly = await h.prisma.check.findFirstOrThrow({ where: { projectId: team.project.id, codeKey: 'nightly' } });

  for (const [path, expected] of [
    [`/checks/${nightly.id}`, ['nightly', 'check']],
    [`/checks/${nightly.id}/edit`, ['nightly', 'check']],
    [`/projects/${team.project.id}/integrations/${hook.id}`, ['ops-hook', 'integration']],
  ] as const) {
    const page = await as.owner!.get(path);
    expect(page.status).toBe(200);
    expect(NOTICE.exec(pageText(page.text))?.slice(1)).toEqual(expected);
  }
  for (const path of [`/checks/${byHand.body.data.id}`, `/checks/${byHand.body.data.id}/edit`]) {
    expect(pageText((await as.owner!.get(path)).text)).not.toContain('Managed by code');
  }
});
