import { hashApiKey } from '@upmon/crypto';
import { makeApiKey } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { startWebTeam, type Team, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const keysPage = () => `/projects/${team.project.id}/keys`;
const shownKey = (html: string) => /id="new-key">(upm_r[wo]_[A-Za-z0-9_-]+)</.exec(html)?.[1] as string;
const apiStatus = async (key: string) => (await h.call('GET', '/checks', { key })).status;

describe('API keys in the app', () => {
  test('create a read-write key: shown once, only its hash stored, works on /api/v1, listed with prefix', async () => {
    const res = await as.admin!.submit(keysPage(), keysPage(), { name: 'terraform', kind: 'rw' });
    expect(res.status).toBe(201);
    const key = shownKey(res.text);
    expect(key).toMatch(/^upm_rw_/);
    expect(res.text).toContain('data-copy="new-key"');
    const row = await h.prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(key) } });
    expect(row).toMatchObject({ name: 'terraform', kind: 'rw', projectId: team.project.id });
    expect(await apiStatus(key)).toBe(200);
    const again = await as.admin!.get(keysPage());
    expect(again.text).not.toContain(key);
    expect(pageText(again.text)).toContain(`${row.prefix}…`);
    expect(pageText(again.text)).toContain('read-write');
  });

  test('revoke: the key gets 401 at once', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    expect(await apiStatus(key.key)).toBe(200);
    await as.owner!.get(keysPage());
    const res = await as.owner!.post(`${keysPage()}/${key.id}/revoke`);
    expect(res.status).toBe(303);
    expect(await apiStatus(key.key)).toBe(401);
  });

  test('rotate with a grace period: both keys work until the old one’s time, then only the new one', async () => {
    const old = await makeApiKey(h.prisma, team.project.id, 'ro');
    await as.owner!.get(keysPage());
    const res = await as.owner!.post(`${keysPage()}/${old.id}/rotate`, { grace_sec: '3600' });
    expect(res.status).toBe(201);
    const fresh = shownKey(res.text);
    expect(fresh).toMatch(/^upm_ro_/);
    expect(pageText(res.text)).toMatch(/keeps working until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const oldRow = await h.prisma.apiKey.findUniqueOrThrow({ where: { id: old.id } });
    expect(oldRow.revokedAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(await apiStatus(old.key)).toBe(200);
    expect(await apiStatus(fresh)).toBe(200);
    // When the time comes, the old key stops.
    await h.prisma.apiKey.update({ where: { id: old.id }, data: { revokedAt: new Date(Date.now() - 1000) } });
    expect(await apiStatus(old.key)).toBe(401);
    expect(await apiStatus(fresh)).toBe(200);
  });

  test('rotate with no grace revokes the old key at once', async () => {
    const old = await makeApiKey(h.prisma, team.project.id, 'rw');
    await as.admin!.get(keysPage());
    const res = await as.admin!.post(`${keysPage()}/${old.id}/rotate`, { grace_sec: '0' });
    expect(await apiStatus(old.key)).toBe(401);
    expect(await apiStatus(shownKey(res.text))).toBe(200);
  });

  test('members and read-only users see the keys but cannot create, revoke or rotate them', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    for (const role of ['member', 'read_only'] as const) {
      const c = as[role]!;
      const page = await c.get(keysPage());
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('Create key');
      expect(page.text).not.toContain('/revoke"');
      expect((await c.post(keysPage(), { kind: 'rw' })).status).toBe(403);
      expect((await c.post(`${keysPage()}/${key.id}/revoke`)).status).toBe(403);
      expect((await c.post(`${keysPage()}/${key.id}/rotate`, { grace_sec: '0' })).status).toBe(403);
    }
    expect(await apiStatus(key.key)).toBe(200);
  });
});

describe('API authentication with a scheduled revocation', () => {
  test('a future revoked_at keeps the key working; a past one refuses it', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    await h.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date(Date.now() + 60_000) } });
    expect(await apiStatus(key.key)).toBe(200);
    expect((await h.call('GET', `/checks/00000000-0000-4000-8000-000000000000`, { key: key.key })).status).toBe(404);
    await h.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date(Date.now() - 1) } });
    expect(await apiStatus(key.key)).toBe(401);
  });
});
