import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import type { CheckStatus } from '@upmon/core';
import { startHarness, type Harness } from './support/api-harness.js';

const DAY = 86_400_000;
const H = 3_600_000;

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: 'https://upmon.example/' });
});
afterAll(async () => {
  await h.close();
});

const page = (key: string) => fetch(`${h.api.url}/status/${key}`);
const keyOf = (publicUrl: string) => publicUrl.replace('https://upmon.example/status/', '');
async function flip(checkId: string, projectId: string, at: number, oldStatus: CheckStatus, newStatus: CheckStatus) {
  await h.prisma.flip.create({ data: { checkId, projectId, ts: new Date(at), oldStatus, newStatus, reason: 'ping', fannedOutAt: new Date() } });
}

describe('/api/v1/status-page', () => {
  it('is 404 until created; PUT creates it off by default, read-only keys may read but not change it', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const a = await makeCheck(h.prisma, p.project.id, { name: 'API' });
    const b = await makeCheck(h.prisma, p.project.id, { name: 'Worker' });
    expect((await h.call('GET', '/status-page', { key: p.roKey })).status).toBe(404);
    const body = {
      title: 'Acme status',
      groups: [
        { name: 'Core', checks: [b.id, a.id.toUpperCase()] },
        { name: 'Empty', checks: [] },
      ],
    };
    expect((await h.call('PUT', '/status-page', { key: p.roKey, body })).status).toBe(403);
    const put = await h.call('PUT', '/status-page', { key: p.rwKey, body });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      title: 'Acme status',
      enabled: false,
      groups: [
        { name: 'Core', checks: [b.id, a.id] },
        { name: 'Empty', checks: [] },
      ],
    });
    expect(put.body.data.public_url).toMatch(/^https:\/\/upmon\.example\/status\/[0-9a-f]{32}$/);
    const got = await h.call('GET', '/status-page', { key: p.roKey });
    expect(got.body.data).toEqual(put.body.data);
    expect((await h.call('GET', '/status-page')).status).toBe(401);
  });

  it('PUT replaces title, flag and groups as a whole and keeps the public URL; DELETE removes it', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const a = await makeCheck(h.prisma, p.project.id);
    const first = await h.call('PUT', '/status-page', {
      key: p.rwKey,
      body: {
        title: 'One',
        groups: [
          { name: 'G1', checks: [a.id] },
          { name: 'G2', checks: [] },
        ],
      },
    });
    const second = await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: '  Two  ', enabled: true, groups: [{ name: 'Only', checks: [a.id] }] } });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ title: 'Two', enabled: true, groups: [{ name: 'Only', checks: [a.id] }], public_url: first.body.data.public_url });
    expect(await h.prisma.statusPageGroup.count({ where: { statusPage: { projectId: p.project.id } } })).toBe(1);
    expect((await h.call('DELETE', '/status-page', { key: p.roKey })).status).toBe(403);
    expect((await h.call('DELETE', '/status-page', { key: p.rwKey })).status).toBe(204);
    expect((await h.call('GET', '/status-page', { key: p.rwKey })).status).toBe(404);
    expect((await h.call('DELETE', '/status-page', { key: p.rwKey })).status).toBe(404);
    expect((await page(keyOf(first.body.data.public_url))).status).toBe(404);
  });

  it("refuses other projects' and unknown checks, repeated checks, blank or over-long names and too many groups (422)", async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    const mine = await makeCheck(h.prisma, p.project.id);
    const theirs = await makeCheck(h.prisma, other.project.id);
    const put = (body: unknown) => h.call('PUT', '/status-page', { key: p.rwKey, body });
    const foreign = await put({ title: 'x', groups: [{ name: 'g', checks: [mine.id, theirs.id, '00000000-0000-4000-8000-000000000000'] }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ 'groups.0.checks.1': ['no such check in this project'], 'groups.0.checks.2': ['no such check in this project'] });
    const twice = await put({
      title: 'x',
      groups: [
        { name: 'a', checks: [mine.id] },
        { name: 'b', checks: [mine.id] },
      ],
    });
    expect(twice.body.errors).toEqual({ 'groups.1.checks.0': ['is already on the page'] });
    expect((await put({ title: ' ', groups: [] })).body.errors).toEqual({ title: ['must not be blank'] });
    expect(Object.keys((await put({ title: 'x'.repeat(101), groups: [] })).body.errors)).toEqual(['title']);
    expect(Object.keys((await put({ title: 'x', groups: [{ name: 'n'.repeat(101), checks: [] }] })).body.errors)).toEqual(['groups.0.name']);
    const groups = Array.from({ length: 21 }, (_, i) => ({ name: `g${i}`, checks: [] }));
    expect(Object.keys((await put({ title: 'x', groups })).body.errors)).toEqual(['groups']);
    expect(Object.keys((await put({ title: 'x', enabled: 'true', groups: [] })).body.errors)).toEqual(['enabled']);
    expect(Object.keys((await put({ title: 'x', groups: [{ name: 'g', checks: ['not-a-uuid'] }] })).body.errors)).toEqual(['groups.0.checks.0']);
    expect((await put({ title: 'x', groups: [], extra: 1 })).status).toBe(422);
    expect(await h.prisma.statusPage.count({ where: { projectId: p.project.id } })).toBe(0);
  });

  it('deleting a check removes it from its group', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const a = await makeCheck(h.prisma, p.project.id);
    const b = await makeCheck(h.prisma, p.project.id);
    const c = await makeCheck(h.prisma, p.project.id);
    await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'x', groups: [{ name: 'g', checks: [a.id, b.id, c.id] }] } });
    expect((await h.call('DELETE', `/checks/${b.id}`, { key: p.rwKey })).status).toBe(204);
    expect((await h.call('GET', '/status-page', { key: p.rwKey })).body.data.groups).toEqual([{ name: 'g', checks: [a.id, c.id] }]);
  });
});

describe('GET /status/<public_key>', () => {
  it('404 for an unknown or malformed key and for a page that is not enabled', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const res = await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'Off', groups: [] } });
    const key = keyOf(res.body.data.public_url);
    for (const k of [key, '0'.repeat(32), key.toUpperCase(), `${key}0`]) expect([k, (await page(k)).status]).toEqual([k, 404]);
    await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'On', enabled: true, groups: [] } });
    expect((await page(key)).status).toBe(200);
  });

  it('shows title, groups, each check with its status in words, 90 day bars and past incidents; cached briefly, nothing private', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const today = Math.floor(Date.now() / DAY) * DAY;
    const api = await makeCheck(h.prisma, p.project.id, { name: 'Public API', slug: 'public-api-slug', status: 'up', createdAt: new Date(today - 3 * DAY) });
    const cron = await makeCheck(h.prisma, p.project.id, { name: '<script>alert(1)</script>', status: 'down', createdAt: new Date(today - 200 * DAY) });
    const paused = await makeCheck(h.prisma, p.project.id, { name: 'Old job', status: 'paused' });
    // Public API: up since it was created 3 days ago, down yesterday 10:00–12:00 UTC.
    await flip(api.id, p.project.id, today - 3 * DAY, 'new', 'up');
    await flip(api.id, p.project.id, today - DAY + 10 * H, 'up', 'down');
    await flip(api.id, p.project.id, today - DAY + 12 * H, 'down', 'up');
    // The script-named check went down 100 days ago (before the shown days) and is still down.
    await flip(cron.id, p.project.id, today - 150 * DAY, 'new', 'up');
    await flip(cron.id, p.project.id, today - 100 * DAY, 'up', 'down');
    await h.prisma.ping.create({ data: { checkId: api.id, type: 'success', method: 'POST', sourceIp: '203.0.113.77', userAgent: 'secret-agent' } });
    const put = await h.call('PUT', '/status-page', {
      key: p.rwKey,
      body: {
        title: 'Acme <b>status</b>',
        enabled: true,
        groups: [
          { name: 'Web & API', checks: [api.id] },
          { name: 'Jobs', checks: [cron.id, paused.id] },
        ],
      },
    });
    const res = await page(keyOf(put.body.data.public_url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<title>Acme &lt;b>status&lt;/b></title>');
    expect(html).toContain('<h2>Web &amp; API</h2>');
    expect(html).toContain('&lt;script>alert(1)&lt;/script>');
    expect(html).not.toContain('<script');
    expect(html).toContain('1 check is down');
    const rows = html.split('<li class="check">').slice(1);
    expect(rows).toHaveLength(3);
    const [apiRow, cronRow, pausedRow] = rows as [string, string, string];
    expect(apiRow).toMatch(/status-label">up</);
    expect(cronRow).toMatch(/status-label">down</);
    expect(pausedRow).toMatch(/status-label">paused</);
    const day = (offset: number) => new Date(today - offset * DAY).toISOString().slice(0, 10);
    const titles = (row: string) => [...row.matchAll(/<li class="bar [a-z]+" title="([^"]+)"/g)].map((m) => m[1]);
    expect(titles(apiRow)).toHaveLength(90);
    expect(titles(apiRow).slice(-4)).toEqual([`${day(3)}: 100% up`, `${day(2)}: 100% up`, `${day(1)}: 91.66% up`, `${day(0)}: 100% up`]);
    expect(titles(apiRow).filter((t) => t?.endsWith('no data'))).toHaveLength(86);
    expect(titles(cronRow).every((t) => t?.endsWith(': 0.00% up'))).toBe(true);
    expect(titles(pausedRow).every((t) => t?.endsWith(': no data'))).toBe(true);
    const incidents = html.slice(html.indexOf('Ongoing downtime'));
    expect(incidents).toContain(`&lt;script>alert(1)&lt;/script></span> was down from <time datetime="${new Date(today - 100 * DAY).toISOString()}">`);
    expect(incidents).toContain('and is still down');
    expect(incidents).toMatch(/Public API<\/span> was down from <time[^>]*>[^<]+ 10:00 UTC<\/time> to <time[^>]*>[^<]+ 12:00 UTC<\/time> \(2 h\)/);
    for (const secret of [api.id, cron.id, paused.id, p.project.id, p.project.pingKey, 'public-api-slug', '203.0.113.77', 'secret-agent', '/api/'])
      expect([secret, html.includes(secret)]).toEqual([secret, false]);
  });
});
