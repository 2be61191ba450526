import { makeApiKey, makeCheck, makeProject, makeProjectWithKeys, promtool } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { uniqueKey } from '../src/project-metrics/healthchecks-metrics.js';

let h: Harness;
let rw: string;
let ro: string;
let projectId: string;

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
});
afterAll(async () => {
  await h.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${h.api.url}${path}`, { headers });

test("a project's checks in Healthchecks' format, read with a read-only key in the path or as a Bearer token", async () => {
  const up = await makeCheck(h.prisma, projectId, { name: 'nightly "backup"', tags: ['db', 'prod'], status: 'up', lastStartAt: new Date() });
  await makeCheck(h.prisma, projectId, { name: 'late one', tags: ['prod'], status: 'late' });
  await makeCheck(h.prisma, projectId, { name: 'down one', tags: ['db'], status: 'down' });
  await makeCheck(h.prisma, (await makeProject(h.prisma)).id, { name: 'another project' });
  const res = await get(`/projects/${projectId}/metrics/${ro}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  const labels = `{name="nightly \\"backup\\"", tags="db prod", unique_key="${uniqueKey(up.id)}"}`;
  expect(text).toContain(`hc_check_up${labels} 1`);
  expect(text).toContain(`hc_check_started${labels} 1`);
  expect(text).toContain(`hc_check_grace${labels} 0`);
  expect(text).toContain(`hc_check_paused${labels} 0`);
  expect(text).toContain('hc_tag_up{tag="db"} 0');
  expect(text).toContain('hc_tag_up{tag="prod"} 1');
  expect(text).toContain('hc_checks_total 3');
  expect(text).toContain('hc_checks_down_total 1');
  expect(text).not.toContain('another project');

  const bearer = await get(`/projects/${projectId}/metrics`, { authorization: `Bearer ${ro}` });
  expect(bearer.status).toBe(200);
  expect(await bearer.text()).toBe(text);

  // Prometheus parses it. promtool's only complaint is Healthchecks' own naming: two gauges whose
  // names end in _total, kept for compatibility.
  const complaints = promtool(['check', 'metrics'], { input: text }).output.trim().split('\n');
  expect(complaints).toEqual([
    'hc_checks_down_total non-counter metrics should not have "_total" suffix',
    'hc_checks_total non-counter metrics should not have "_total" suffix',
  ]);
});

test('refused: read-write keys, other projects, unknown, revoked or malformed keys, free plans', async () => {
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  const free = await makeProject(h.prisma, { plan: 'free' });
  const freeKey = await makeApiKey(h.prisma, free.id, 'ro');
  const revoked = await makeApiKey(h.prisma, projectId, 'ro');
  await h.prisma.apiKey.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  const cases: [string, Record<string, string>, number, RegExp][] = [
    [`/projects/${projectId}/metrics/${rw}`, {}, 403, /read-only/],
    [`/projects/${projectId}/metrics/${other.roKey}`, {}, 403, /another project/],
    [`/projects/not-a-uuid/metrics/${ro}`, {}, 403, /another project/],
    [`/projects/${projectId}/metrics/upm_ro_${'x'.repeat(32)}`, {}, 401, /invalid or revoked/],
    [`/projects/${projectId}/metrics/${revoked.key}`, {}, 401, /invalid or revoked/],
    [`/projects/${projectId}/metrics/nonsense`, {}, 401, /malformed/],
    [`/projects/${free.id}/metrics/${freeKey.key}`, {}, 403, /free plan/],
    [`/projects/${projectId}/metrics`, {}, 401, /missing API key/],
  ];
  for (const [path, headers, status, message] of cases) {
    const res = await get(path, headers);
    const body = (await res.json()) as { message: string };
    expect([path, res.status]).toEqual([path, status]);
    expect(body.message).toMatch(message);
  }
});
