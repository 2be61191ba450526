// Private locations in the web app (docs/locations.md): created from a project's Locations tab
// (the key and the docker run line shown once), rotated and revoked there, with the prober's API
// answering accordingly; members and read-only users see them but cannot change them.
import { locationKeyHash } from '@upmon/crypto';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const page = () => `/projects/${team.project.id}/locations`;
const shownKey = (html: string) => /id="new-location-key">(upl_[A-Za-z0-9_-]+)</.exec(html)?.[1] as string;
const proberStatus = async (key: string) => (await h.call('GET', '/prober/jobs?wait=0', { key })).status;

test('create: the key and docker run line shown once, only its hash stored, the prober API takes it', async () => {
  await as.admin!.get(page());
  const res = await as.admin!.submit(page(), page(), { name: 'Office LAN' });
  expect(res.status).toBe(201);
  const key = shownKey(res.text);
  expect(key).toMatch(/^upl_/);
  expect(pageText(res.text)).toContain(`PROBER_LOCATION_KEY=${key}`);
  const row = await h.prisma.privateLocation.findUniqueOrThrow({ where: { keyHash: locationKeyHash(key)! } });
  expect(row).toMatchObject({ name: 'Office LAN', accountId: team.accountId });
  expect(await proberStatus(key)).toBe(200);
  const again = await as.admin!.get(page());
  expect(again.text).not.toContain(key);
  expect(pageText(again.text)).toContain(row.code);
  expect(pageText(again.text)).toContain(`${row.keyPrefix}…`);
  // A blank name is refused with the form's message.
  const blank = await as.admin!.submit(page(), page(), { name: '   ' });
  expect(blank.status).toBe(422);
  expect(pageText(blank.text)).toContain('must not be blank');
});

test('rotate with a grace keeps the old key until then; revoke refuses the key at once', async () => {
  await as.owner!.get(page());
  const created = shownKey((await as.owner!.submit(page(), page(), { name: 'DC 2' })).text);
  const row = await h.prisma.privateLocation.findUniqueOrThrow({ where: { keyHash: locationKeyHash(created)! } });
  const rotated = await as.owner!.post(`${page()}/${row.id}/rotate`, { grace_sec: '3600' });
  expect(rotated.status).toBe(201);
  const fresh = shownKey(rotated.text);
  expect(pageText(rotated.text)).toMatch(/keeps working until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(await proberStatus(created)).toBe(200);
  expect(await proberStatus(fresh)).toBe(200);
  const revoked = await as.owner!.post(`${page()}/${row.id}/revoke`);
  expect(revoked.status).toBe(303);
  expect(await proberStatus(created)).toBe(401);
  expect(await proberStatus(fresh)).toBe(401);
  expect(pageText((await as.owner!.get(page())).text)).toContain('revoked');
});

test('members and read-only users see the locations but cannot create, rotate or revoke them', async () => {
  await as.admin!.get(page());
  const key = shownKey((await as.admin!.submit(page(), page(), { name: 'Lab' })).text);
  const row = await h.prisma.privateLocation.findUniqueOrThrow({ where: { keyHash: locationKeyHash(key)! } });
  for (const role of ['member', 'read_only'] as const) {
    const c = as[role]!;
    const seen = await c.get(page());
    expect(seen.status).toBe(200);
    expect(pageText(seen.text)).toContain(row.code);
    expect(seen.text).not.toContain('Create location');
    expect((await c.post(page(), { name: 'x' })).status).toBe(403);
    expect((await c.post(`${page()}/${row.id}/rotate`, { grace_sec: '0' })).status).toBe(403);
    expect((await c.post(`${page()}/${row.id}/revoke`)).status).toBe(403);
  }
  expect(await proberStatus(key)).toBe(200);
});
