import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AAD, createCipher } from '@upmon/crypto';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createTestDatabase, legacyCiphertext, makeCheck, makeProject, TEST_ENCRYPTION_KEY, type TestDatabase } from '@upmon/testing';

const cli = path.resolve(import.meta.dirname, '../dist/main.js');
const OLD = TEST_ENCRYPTION_KEY;
const NEW = Buffer.alloc(32, 42).toString('base64');

describe('admin CLI: secrets re-encrypt', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const admin = (env: Record<string, string>, ...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, ...env }, encoding: 'utf8' });
    return { code: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
  };
  const old = createCipher(OLD);
  const rotated = createCipher([NEW, OLD]);
  const newOnly = createCipher(NEW);

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  /** Secrets as earlier versions left them: layout 1 (no key id, no AAD) and layout 2 under the old key. */
  async function seed(project: string) {
    const check = await makeCheck(prisma, project, {
      kind: 'http',
      httpConfig: { url: 'https://example.com/' },
      httpSecrets: legacyCiphertext(JSON.stringify({ url: 'https://example.com/' })),
    });
    await prisma.ping.createMany({
      data: [
        ...Array.from({ length: 7 }, (_, i) => ({ checkId: check.id, type: 'log' as const, method: 'POST', body: legacyCiphertext(`legacy ${i}`) })),
        { checkId: check.id, type: 'log', method: 'POST', body: new Uint8Array(old.encrypt('old key', AAD.pingBody(check.id))) },
        { checkId: check.id, type: 'log', method: 'POST', body: null },
      ],
    });
    // A probed flip's cause is bound to its check (docs/locations.md).
    await prisma.flip.create({
      data: {
        checkId: check.id,
        projectId: project,
        ts: new Date(),
        oldStatus: 'up',
        newStatus: 'down',
        reason: 'fail',
        locations: ['eu'],
        cause: new Uint8Array(old.encrypt('[]', AAD.flipCause(check.id))),
      },
    });
    // A location's last reason is bound to its check and location (the row's two-part key): five
    // rows walk in two batches of three.
    for (const location of ['ap-1', 'eu-central', 'eu-west', 'us-east', 'us-west']) {
      await prisma.checkLocation.create({
        data: {
          checkId: check.id,
          location,
          status: 'failing',
          lastResultAt: new Date(),
          lastReason: new Uint8Array(old.encrypt(`refused in ${location}`, AAD.checkLocationReason(check.id, location))),
        },
      });
    }
    const [{ id } = { id: 0 }] = await prisma.$queryRaw<{ id: number }[]>`SELECT nextval(pg_get_serial_sequence('integrations', 'id'))::int AS id`;
    await prisma.integration.create({
      data: {
        id,
        projectId: project,
        kind: 'webhook',
        name: 'hook',
        events: ['down'],
        config: legacyCiphertext(JSON.stringify({ url: 'https://hooks.example/x' })),
      },
    });
    // A TOTP secret is bound to its user's id, known once the row exists.
    const user = await prisma.user.create({ data: { email: `totp-${project}@example.com`, name: 'TOTP' } });
    await prisma.user.update({ where: { id: user.id }, data: { totpSecret: new Uint8Array(old.encrypt('JBSWY3DPEHPK3PXP', AAD.userTotpSecret(user.id))) } });
    // An account's OpenID Connect client secret is bound to the account (its row's key).
    const accountId = (await prisma.project.findUniqueOrThrow({ where: { id: project } })).accountId;
    await prisma.ssoSettings.create({
      data: {
        accountId,
        oidcIssuer: 'https://idp.example',
        oidcClientId: 'upmon',
        oidcClientSecret: new Uint8Array(old.encrypt('s3cret', AAD.ssoOidcClientSecret(accountId))),
      },
    });
    return { check, integrationId: id, userId: user.id, accountId };
  }

  it('re-encrypts every secret with the newest key, bound to its row, printing progress; the old key can then go', async () => {
    const project = (await makeProject(prisma)).id;
    const { check, integrationId, userId, accountId } = await seed(project);
    // Unreadable under every key: counted and left alone.
    const stray = await makeCheck(prisma, project, { kind: 'http', httpConfig: {}, httpSecrets: new Uint8Array(Buffer.from('not a ciphertext of any key')) });
    // Bound to another check: no key opens it here.
    await prisma.checkLocation.create({
      data: {
        checkId: stray.id,
        location: 'eu-west',
        status: 'up',
        lastResultAt: new Date(),
        lastReason: new Uint8Array(old.encrypt('moved', AAD.checkLocationReason(check.id, 'eu-west'))),
      },
    });

    const run = admin({ ENCRYPTION_KEYS: `${NEW},${OLD}` }, 'secrets', 're-encrypt', '--batch', '3');
    expect(run.code).toBe(0);
    expect(run.json).toEqual({
      key_id: newOnly.currentKeyId,
      columns: {
        'integrations.config': { to_re_encrypt: 1, re_encrypted: 1, unreadable: 0, unreadable_ids: [] },
        'checks.http_secrets': { to_re_encrypt: 2, re_encrypted: 1, unreadable: 1, unreadable_ids: [stray.id] },
        'checks.tcp_secrets': { to_re_encrypt: 0, re_encrypted: 0, unreadable: 0, unreadable_ids: [] },
        'pings.body': { to_re_encrypt: 8, re_encrypted: 8, unreadable: 0, unreadable_ids: [] },
        'flips.cause': { to_re_encrypt: 1, re_encrypted: 1, unreadable: 0, unreadable_ids: [] },
        'check_locations.last_reason': { to_re_encrypt: 6, re_encrypted: 5, unreadable: 1, unreadable_ids: [`${stray.id} eu-west`] },
        'users.totp_secret': { to_re_encrypt: 1, re_encrypted: 1, unreadable: 0, unreadable_ids: [] },
        'users.totp_pending_secret': { to_re_encrypt: 0, re_encrypted: 0, unreadable: 0, unreadable_ids: [] },
        'sso_settings.oidc_client_secret': { to_re_encrypt: 1, re_encrypted: 1, unreadable: 0, unreadable_ids: [] },
      },
    });
    expect(run.err).toContain('pings.body: 3 of 8 done (3 re-encrypted, 0 unreadable)');
    expect(run.err).toContain('pings.body: 8 of 8 done (8 re-encrypted, 0 unreadable)');

    // Everything opens with the new key alone, each under its own row's AAD.
    const pings = await prisma.ping.findMany({ where: { checkId: check.id, body: { not: null } }, orderBy: { id: 'asc' } });
    expect(pings.map((p) => newOnly.decrypt(p.body as Uint8Array, AAD.pingBody(check.id)).toString())).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `legacy ${i}`),
      'old key',
    ]);
    const flip = await prisma.flip.findFirstOrThrow({ where: { checkId: check.id } });
    expect(newOnly.decrypt(flip.cause as Uint8Array, AAD.flipCause(check.id)).toString()).toBe('[]');
    const reasons = await prisma.checkLocation.findMany({ where: { checkId: check.id }, orderBy: { location: 'asc' } });
    expect(reasons.map((r) => newOnly.decrypt(r.lastReason as Uint8Array, AAD.checkLocationReason(check.id, r.location)).toString())).toEqual(
      ['ap-1', 'eu-central', 'eu-west', 'us-east', 'us-west'].map((l) => `refused in ${l}`),
    );
    const c = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(newOnly.decryptJson(c.httpSecrets as Uint8Array, AAD.checkHttpSecrets(check.id))).toEqual({ url: 'https://example.com/' });
    const i = await prisma.integration.findUniqueOrThrow({ where: { id: integrationId } });
    expect(newOnly.decryptJson(i.config, AAD.integrationConfig(integrationId))).toEqual({ url: 'https://hooks.example/x' });
    expect(rotated.isCurrent(i.config)).toBe(true);
    const u = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(newOnly.decrypt(u.totpSecret as Uint8Array, AAD.userTotpSecret(userId)).toString()).toBe('JBSWY3DPEHPK3PXP');
    const sso = await prisma.ssoSettings.findUniqueOrThrow({ where: { accountId } });
    expect(newOnly.decrypt(sso.oidcClientSecret as Uint8Array, AAD.ssoOidcClientSecret(accountId)).toString()).toBe('s3cret');
  });

  it('resumes: a second run touches only what is still under an old key', async () => {
    const project = (await makeProject(prisma)).id;
    await seed(project);
    const again = admin({ ENCRYPTION_KEYS: `${NEW},${OLD}` }, 'secrets', 're-encrypt');
    expect(again.code).toBe(0);
    // Only the rows seeded since the first run (the stray check from the first test stays unreadable).
    expect(again.json.columns['pings.body']).toEqual({ to_re_encrypt: 8, re_encrypted: 8, unreadable: 0, unreadable_ids: [] });
    expect(again.json.columns['integrations.config'].re_encrypted).toBe(1);
    const done = admin({ ENCRYPTION_KEYS: `${NEW},${OLD}` }, 'secrets', 're-encrypt');
    expect(done.json.columns['pings.body']).toEqual({ to_re_encrypt: 0, re_encrypted: 0, unreadable: 0, unreadable_ids: [] });
  });

  it('needs the keys and a sane batch', () => {
    expect(admin({}, 'secrets', 're-encrypt')).toMatchObject({ code: 2, err: expect.stringContaining('ENCRYPTION_KEYS') });
    expect(admin({ ENCRYPTION_KEY: NEW }, 'secrets', 're-encrypt', '--batch', '0')).toMatchObject({ code: 2, err: expect.stringContaining('--batch') });
  });
});
