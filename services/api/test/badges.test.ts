import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
let rw: string;
let ro: string;
let projectId: string;
let badgeKey: string;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: 'https://upmon.example/' });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
  badgeKey = (await h.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).badgeKey;
  await h.prisma.project.update({ where: { id: projectId }, data: { name: 'Acme <prod>' } });
});
afterAll(async () => {
  await h.close();
});

const badge = (path: string) => fetch(`${h.api.url}/badge/${path}`);

describe('GET /api/v1/badges', () => {
  it('lists all-checks and per-tag badges in three formats; read-only keys may call it', async () => {
    await makeCheck(h.prisma, projectId, { tags: ['db', 'nightly backup'] });
    await makeCheck(h.prisma, projectId, { tags: ['v1.2/x'] });
    const res = await h.call('GET', '/badges', { key: ro });
    expect(res.status).toBe(200);
    const base = `https://upmon.example/badge/${badgeKey}`;
    expect(res.body.data).toEqual([
      { tag: '*', svg: `${base}/*.svg`, json: `${base}/*.json`, shields: `${base}/*.shields` },
      { tag: 'db', svg: `${base}/db.svg`, json: `${base}/db.json`, shields: `${base}/db.shields` },
      { tag: 'nightly backup', svg: `${base}/nightly%20backup.svg`, json: `${base}/nightly%20backup.json`, shields: `${base}/nightly%20backup.shields` },
      { tag: 'v1.2/x', svg: `${base}/v1.2%2Fx.svg`, json: `${base}/v1.2%2Fx.json`, shields: `${base}/v1.2%2Fx.shields` },
    ]);
    expect((await h.call('GET', '/badges', { key: rw })).status).toBe(200);
    expect((await h.call('GET', '/badges')).status).toBe(401);
  });
});

describe('GET /badge/<badge_key>/<tag>.<format>', () => {
  it('every listed URL answers, with the worst status of the checks it covers and a short Cache-Control', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const key = (await h.prisma.project.findUniqueOrThrow({ where: { id: p.project.id } })).badgeKey;
    await makeCheck(h.prisma, p.project.id, { status: 'up', tags: ['web'] });
    await makeCheck(h.prisma, p.project.id, { status: 'late', tags: ['web'] });
    await makeCheck(h.prisma, p.project.id, { status: 'down', tags: ['db'] });
    await makeCheck(h.prisma, p.project.id, { status: 'paused', tags: ['db', 'web'] });
    const listed = (await h.call('GET', '/badges', { key: p.roKey })).body.data as Record<string, string>[];
    expect(listed.map((b) => b.tag)).toEqual(['*', 'db', 'web']);
    for (const b of listed) {
      for (const format of ['svg', 'json', 'shields']) {
        const res = await fetch(b[format]!.replace('https://upmon.example', h.api.url));
        expect([b.tag, format, res.status]).toEqual([b.tag, format, 200]);
        expect(res.headers.get('cache-control')).toBe('public, max-age=30');
      }
    }
    const json = async (path: string) => (await badge(`${key}/${path}`)).json();
    expect(await json('*.json')).toEqual({ status: 'down', total: 4, grace: 1, down: 1 });
    expect(await json('web.json')).toEqual({ status: 'late', total: 3, grace: 1, down: 0 });
    expect(await json('web.json?states=2')).toEqual({ status: 'up', total: 3, grace: 1, down: 0 });
    expect(await json('db.json')).toEqual({ status: 'down', total: 2, grace: 0, down: 1 });
    expect(await json('none.json')).toEqual({ status: 'up', total: 0, grace: 0, down: 0 });
    expect(await json('web.shields')).toEqual({ schemaVersion: 1, label: 'web', message: 'late', color: 'b45309', labelColor: '555555' });
    const svg = await badge(`${key}/db.svg`);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg[^>]*aria-label="db: down"/);
  });

  it('escapes user strings: the project name and tags in the SVG and JSON', async () => {
    await makeCheck(h.prisma, projectId, { status: 'down', tags: ['<img src=x onerror=alert(1)>'] });
    const all = await (await badge(`${badgeKey}/*.svg`)).text();
    expect(all).toContain('Acme &lt;prod&gt;: down');
    expect(all).not.toContain('<prod>');
    const tag = encodeURIComponent('<img src=x onerror=alert(1)>');
    const svg = await (await badge(`${badgeKey}/${tag}.svg`)).text();
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(await (await badge(`${badgeKey}/${tag}.shields`)).json()).toMatchObject({ label: '<img src=x onerror=alert(1)>', message: 'down' });
  });

  it('unknown or malformed keys, formats and over-long tags are 404; bad states or percent-encoding 400', async () => {
    const missing = [
      `${'0'.repeat(32)}/*.svg`,
      `${badgeKey.slice(0, 31)}/*.svg`,
      `${badgeKey.toUpperCase()}/*.svg`,
      `${badgeKey}/*.png`,
      `${badgeKey}/*`,
      `${badgeKey}/.svg`,
      `${badgeKey}/${'x'.repeat(101)}.svg`,
    ];
    for (const path of missing) {
      const res = await badge(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.json()).toEqual({ message: 'badge not found' });
    }
    expect((await badge(`${badgeKey}/${'x'.repeat(100)}.svg`)).status).toBe(200);
    expect((await badge(`${badgeKey}/*.svg?states=5`)).status).toBe(400);
    expect((await badge(`${badgeKey}/%E0%A4%A.svg`)).status).toBe(400);
  });
});
