import { hashApiKey } from '@upmon/crypto';
import { apiKeyLabel, createApiKey, findApiKeyByHash, findProjectApiKey, listApiKeys, revokeApiKey, rotateApiKey, type ApiKeyChanger } from '@upmon/domain';
import { openDomainWorld, type DomainWorld } from './support/domain-world.js';

// A project's API keys: created, listed, revoked and rotated through the domain, and looked up as
// the API authenticates them, against a real database (its `now()` decides what is revoked).

let w: DomainWorld;
let by: ApiKeyChanger;
beforeAll(async () => {
  w = await openDomainWorld();
  by = { accountId: w.scope.accountId, actor: w.scope.actor, projectId: w.scope.projectId, projectName: 'Web' };
});
afterAll(() => w.close());

const dbNow = async () => (await w.pool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
const audit = async (action: string) =>
  (await w.prisma.auditEvent.findMany({ where: { accountId: w.scope.accountId, action }, orderBy: { id: 'asc' } })).map((e) => e.target);

test('a new key is shown once, stored as its hash, found by it, and audit-logged by name and prefix', async () => {
  const { key } = await createApiKey(w.prisma, by, { kind: 'rw', name: 'deploy' });
  expect(key).toMatch(/^upm_rw_/);
  const [stored] = await listApiKeys(w.prisma, w.scope.projectId);
  expect(stored).toMatchObject({ kind: 'rw', name: 'deploy', hash: hashApiKey(key), revokedAt: null });
  expect(JSON.stringify(stored)).not.toContain(key);
  expect(await findApiKeyByHash(w.pool, hashApiKey(key))).toMatchObject({ id: stored!.id, kind: 'rw', project_id: w.scope.projectId, revoked: false });
  expect(await apiKeyLabel(w.pool, stored!.id)).toBe('API key deploy');
  expect(await audit('api_key.create')).toEqual([`read-write API key "deploy" ${stored!.prefix}… of project "Web"`]);
});

test('revoke takes effect at once and only once', async () => {
  const { key } = await createApiKey(w.prisma, by, { kind: 'ro', name: null });
  const row = (await listApiKeys(w.prisma, w.scope.projectId)).find((k) => k.hash === hashApiKey(key))!;
  expect(await apiKeyLabel(w.pool, row.id)).toBe(`API key ${row.prefix}…`);
  await revokeApiKey(w.prisma, by, row, await dbNow());
  expect((await findApiKeyByHash(w.pool, hashApiKey(key)))?.revoked).toBe(true);
  await revokeApiKey(w.prisma, by, (await findProjectApiKey(w.prisma, w.scope.projectId, row.id))!, new Date(Date.now() + 60_000));
  expect(await audit('api_key.revoke')).toEqual([`read-only API key ${row.prefix}… of project "Web"`]);
});

test('rotation makes a key of the same kind and name and lets the old one work until the grace ends', async () => {
  const { key: oldKey } = await createApiKey(w.prisma, by, { kind: 'rw', name: 'ci' });
  const old = (await listApiKeys(w.prisma, w.scope.projectId)).find((k) => k.hash === hashApiKey(oldKey))!;
  const now = await dbNow();
  const { key, revokeAt } = await rotateApiKey(w.prisma, by, old, 3600, now);
  expect(revokeAt.getTime()).toBe(now.getTime() + 3_600_000);
  expect(await findApiKeyByHash(w.pool, hashApiKey(key))).toMatchObject({ kind: 'rw', revoked: false });
  expect(await findApiKeyByHash(w.pool, hashApiKey(oldKey))).toMatchObject({ revoked: false });
  // A second rotation with a longer grace does not push the old key's revocation back.
  const rotated = (await findProjectApiKey(w.prisma, w.scope.projectId, old.id))!;
  await rotateApiKey(w.prisma, by, rotated, 7200, now);
  expect((await findProjectApiKey(w.prisma, w.scope.projectId, old.id))?.revokedAt?.getTime()).toBe(revokeAt.getTime());
  // Without grace the old key stops at once.
  const { key: third } = await rotateApiKey(
    w.prisma,
    by,
    (await listApiKeys(w.prisma, w.scope.projectId)).find((k) => k.hash === hashApiKey(key))!,
    0,
    await dbNow(),
  );
  expect((await findApiKeyByHash(w.pool, hashApiKey(key)))?.revoked).toBe(true);
  expect((await findApiKeyByHash(w.pool, hashApiKey(third)))?.revoked).toBe(false);
  expect((await audit('api_key.rotate'))[0]).toMatch(
    new RegExp(`^read-write API key "ci" ${old.prefix}… of project "Web" → upm_rw_[^…]+…, the old one revoked at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`),
  );
});

test("another project's key is not found", async () => {
  const other = await w.project();
  await createApiKey(w.prisma, { ...by, projectId: other.projectId, accountId: other.accountId }, { kind: 'rw', name: null });
  const [theirs] = await listApiKeys(w.prisma, other.projectId);
  expect(await findProjectApiKey(w.prisma, w.scope.projectId, theirs!.id)).toBeNull();
  expect(await findProjectApiKey(w.prisma, other.projectId, theirs!.id)).not.toBeNull();
});
