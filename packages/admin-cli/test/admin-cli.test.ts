import { hashApiKey } from '@upmon/crypto';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createTestDatabase, makeCheck, type TestDatabase } from '@upmon/testing';
import { runAdmin } from './support/run-admin.js';

describe('admin CLI', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const admin = (...args: string[]) => runAdmin(db.url, ...args);

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  it('creates an account, a project and keys; stores only the hash; lists and revokes', async () => {
    const account = admin('account', 'create', '--name', 'Acme', '--plan', 'pro');
    expect(account.code).toBe(0);
    expect(account.json).toMatchObject({ name: 'Acme', plan: 'pro' });

    const project = admin('project', 'create', '--account', account.json.id, '--name', 'Backups');
    expect(project.code).toBe(0);
    expect(project.json.ping_key).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const rw = admin('key', 'create', '--project', project.json.id, '--kind', 'rw');
    const ro = admin('key', 'create', '--project', project.json.id, '--kind', 'ro', '--name', 'grafana');
    expect(rw.json.key).toMatch(/^upm_rw_[A-Za-z0-9_-]{32}$/);
    expect(ro.json.key).toMatch(/^upm_ro_/);

    const stored = await prisma.apiKey.findMany();
    expect(stored.map((k) => k.hash).sort()).toEqual([hashApiKey(rw.json.key), hashApiKey(ro.json.key)].sort());
    // The clear key is nowhere in the table.
    const dump = JSON.stringify(await prisma.$queryRawUnsafe('SELECT * FROM api_keys'));
    expect(dump).not.toContain(rw.json.key.slice(7));
    expect(dump).not.toContain(ro.json.key.slice(7));

    const list = admin('key', 'list', '--project', project.json.id);
    expect(list.json).toHaveLength(2);
    expect(JSON.stringify(list.json)).not.toContain(rw.json.key);
    expect(list.json[0]).toEqual(
      expect.objectContaining({ prefix: expect.stringMatching(/^upm_/), created_at: expect.stringMatching(/\+00:00$/), revoked_at: null }),
    );

    const revoked = admin('key', 'revoke', '--id', rw.json.id);
    expect(revoked.code).toBe(0);
    expect(revoked.json.revoked_at).toMatch(/\+00:00$/);
    const after = await prisma.apiKey.findUniqueOrThrow({ where: { id: rw.json.id } });
    expect(after.revokedAt).not.toBeNull();
  });

  it('changes a plan and pauses checks over the new quota with reason quota', async () => {
    const account = admin('account', 'create', '--name', 'Big', '--plan', 'pro').json;
    const project = admin('project', 'create', '--account', account.id, '--name', 'p').json;
    for (let i = 0; i < 22; i++) await makeCheck(prisma, project.id, { status: 'up', lastPingAt: new Date() });
    const res = admin('account', 'set-plan', '--id', account.id, '--plan', 'free');
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ plan: 'free', check_quota: 20 });
    expect(res.json.checks_paused_for_quota).toHaveLength(2);
    const flips = await prisma.flip.findMany({ where: { projectId: project.id } });
    expect(flips).toHaveLength(2);
    expect(flips.every((f) => f.reason === 'quota' && f.newStatus === 'paused' && f.fannedOutAt !== null)).toBe(true);
  });

  it('logs every change in the audit log of the account it concerns, by the operator', async () => {
    const account = admin('account', 'create', '--name', 'Audited', '--plan', 'pro').json;
    const project = admin('project', 'create', '--account', account.id, '--name', 'Web').json;
    const key = admin('key', 'create', '--project', project.id, '--kind', 'rw', '--name', 'deploy').json;
    expect(admin('key', 'revoke', '--id', key.id).code).toBe(0);
    expect(admin('key', 'revoke', '--id', key.id).code).toBe(0); // already revoked: nothing changes, nothing logged
    for (let i = 0; i < 21; i++) await makeCheck(prisma, project.id, { status: 'up', lastPingAt: new Date() });
    expect(admin('account', 'set-plan', '--id', account.id, '--plan', 'free').code).toBe(0);
    expect(admin('sms', 'set-quota', '--account', account.id, '--quota', '50').code).toBe(0);
    const events = await prisma.auditEvent.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.action, e.target])).toEqual([
      ['account.create', 'account "Audited" on the pro plan'],
      ['project.create', `project "Web" (${project.id})`],
      ['api_key.create', `read-write API key "deploy" ${key.prefix}… of project "Web"`],
      ['api_key.revoke', `read-write API key "deploy" ${key.prefix}… of project "Web"`],
      ['account.plan_change', 'plan pro → free; 1 checks paused for the quota'],
      ['account.sms_quota_change', 'SMS quota the plan default → 50 a month'],
    ]);
    expect(events.every((e) => e.actorKind === 'operator' && e.actorLabel === 'operator (admin CLI)' && e.clientAddress === null)).toBe(true);
  });

  it('answers mistakes with a JSON error and a non-zero exit code', () => {
    const bad = admin('key', 'create', '--project', 'nope', '--kind', 'rw');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.err).error).toContain('--project must be a UUID');
    const missing = admin('project', 'create', '--account', '00000000-0000-4000-8000-000000000000', '--name', 'x');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.err).error).toContain('not found');
    const unknown = admin('frobnicate');
    expect(unknown.code).toBe(2);
  });

  it("shows SMS usage per account against its quota, and sets an account's own quota", async () => {
    const { smsMonthOf } = await import('@upmon/core');
    const account = admin('account', 'create', '--name', 'Texters', '--plan', 'pro').json;
    const month = smsMonthOf(new Date());
    await prisma.smsUsage.create({ data: { accountId: account.id, month: month.start, sent: 42 } });

    const usage = admin('sms', 'usage', '--account', account.id);
    expect(usage.code).toBe(0);
    expect(usage.json).toEqual([
      {
        account_id: account.id,
        name: 'Texters',
        plan: 'pro',
        month: month.key.slice(0, 7),
        sent: 42,
        quota: 100,
        quota_is_plan_default: true,
        quota_notice_at: null,
      },
    ]);
    // Every account is listed, also those that sent nothing this month.
    const all = admin('sms', 'usage').json as { account_id: string; sent: number }[];
    expect(all.find((u) => u.account_id === account.id)?.sent).toBe(42);
    expect(all.length).toBeGreaterThan(1);
    expect(all.filter((u) => u.account_id !== account.id).every((u) => u.sent === 0)).toBe(true);
    expect(admin('sms', 'usage', '--account', account.id, '--month', '2020-01').json[0]).toMatchObject({ month: '2020-01', sent: 0 });

    expect(admin('sms', 'set-quota', '--account', account.id, '--quota', '50').json).toEqual({
      account_id: account.id,
      plan: 'pro',
      sms_monthly_quota: 50,
      quota: 50,
    });
    expect(admin('sms', 'usage', '--account', account.id).json[0]).toMatchObject({ quota: 50, quota_is_plan_default: false });
    expect(admin('sms', 'set-quota', '--account', account.id, '--quota', 'default').json).toMatchObject({ sms_monthly_quota: null, quota: 100 });

    for (const args of [
      ['sms', 'usage', '--month', '2026-13'],
      ['sms', 'set-quota', '--account', account.id, '--quota', '-1'],
      ['sms', 'set-quota', '--account', account.id],
    ]) {
      const r = admin(...args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(JSON.parse(r.err).error).toMatch(/--(month|quota)/);
    }
  });
});
