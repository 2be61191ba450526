import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createTestDatabase, makeCheck, makeProject, type TestDatabase } from '@upmon/testing';
import { runAdmin } from './support/run-admin.js';

const EXPORT = path.resolve(import.meta.dirname, 'fixtures/healthchecks-export.json');
const exported = JSON.parse(readFileSync(EXPORT, 'utf8')).checks as Record<string, any>[];

describe('admin import healthchecks', () => {
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

  it('creates every check of a realistic export with its own UUID, reports adjustments and refusals; a second run creates nothing', async () => {
    const project = await makeProject(prisma, { plan: 'pro' });
    const run = admin('import', 'healthchecks', '--project', project.id, '--file', EXPORT);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const out = run.json;

    // 13 checks: one has a schedule upmon cannot evaluate (cron "L"), the rest are created.
    expect(out.created).toHaveLength(12);
    expect(out.skipped).toEqual([
      { id: '7b8c9d0e-1f2a-4b3c-9d4e-6f7a8b9c0d1e', name: 'End-of-month close', reason: expect.stringMatching(/schedule is not a valid cron/) },
    ]);
    const adjusted = out.adjusted.map((a: any) => `${a.name}: ${a.field} ${JSON.stringify(a.requested)} → ${JSON.stringify(a.stored)}`);
    expect(adjusted).toEqual([
      'Queue worker heartbeat: grace 3600 → 3000',
      'Monthly invoices: grace 5184000 → 2592000',
      'Legacy import (disabled): manual_resume false → true',
      'Database Backup (replica): slug "database-backup" → null',
      'Nightly report mail: filter_subject,success_kw,failure_kw,subject,subject_fail "keyword filtering" → "none"',
      'Cache warmer: slug "_cache-warmer" → "cache-warmer"',
      'Cache warmer: tags "cache cache web" → "cache web"',
    ]);
    expect(out.notes.join(' ')).toMatch(/Integrations are not imported/);

    const rows = await prisma.check.findMany({ where: { projectId: project.id } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Every created check keeps its Healthchecks UUID: the ping URLs stay the same.
    for (const c of out.created) expect(byId.has(c.id)).toBe(true);
    expect(byId.get('31365bce-8da9-4729-8ff3-aaa71d56b712')).toMatchObject({
      name: 'Filesystem Backup',
      slug: 'filesystem-backup',
      tags: ['backup', 'fs'],
      description: 'Runs incremental backup every hour',
      scheduleKind: 'period',
      periodSec: 3600,
      graceSec: 600,
      tz: 'UTC',
      status: 'new',
      nPings: 1523,
      integrationsExplicit: false,
    });
    expect(byId.get('803f680d-e89b-492b-82ef-2be7b774a92d')).toMatchObject({
      scheduleKind: 'cron',
      cron: '15 5 * * *',
      tz: 'Europe/Riga',
      graceSec: 1200,
      status: 'new',
    });
    expect(byId.get('3d4e5f6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a')).toMatchObject({
      scheduleKind: 'oncalendar',
      oncalendar: 'Mon..Fri *-*-* 09:00',
      tz: 'America/New_York',
    });
    expect(byId.get('9d0e1f2a-3b4c-4d5e-9f6a-8b9c0d1e2f3a')).toMatchObject({ cron: '0 2 * * 0', tz: 'Asia/Kolkata' });
    // POST-only pings are kept; a grace upmon watches with less is kept as asked for the Healthchecks API.
    expect(byId.get('6a7b8c9d-0e1f-4a2b-8c3d-5e6f7a8b9c0d')).toMatchObject({ postOnly: true });
    expect(byId.get('f2c1a7d0-5b3e-4f6a-9c8d-1e2f3a4b5c6d')).toMatchObject({ periodSec: 300, graceSec: 3000, hcGraceSec: 3600, postOnly: false });
    expect(byId.get('1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e')?.status).toBe('paused');
    expect(byId.get('2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f')?.status).toBe('paused');
    expect(byId.get('4e5f6a7b-8c9d-4e0f-8a1b-3c4d5e6f7a8b')?.slug).toBeNull();
    expect(byId.get('5f6a7b8c-9d0e-4f1a-9b2c-4d5e6f7a8b9c')).toMatchObject({
      name: '5f6a7b8c-9d0e-4f1a-9b2c-4d5e6f7a8b9c',
      slug: null,
      description: null,
      tags: [],
    });
    expect(byId.get('8c9d0e1f-2a3b-4c4d-8e5f-7a8b9c0d1e2f')).toMatchObject({
      description: 'Multi-line\ndescription\nkept as is',
      periodSec: 60,
      graceSec: 120,
    });

    const again = admin('import', 'healthchecks', '--project', project.id, '--file', EXPORT);
    expect(again.code).toBe(0);
    expect(again.json.created).toEqual([]);
    expect(again.json.adjusted).toEqual([]);
    expect(again.json.skipped.filter((s: any) => s.reason === 'already imported')).toHaveLength(12);
    expect(await prisma.check.count({ where: { projectId: project.id } })).toBe(12);
    // One audit event, for the run that created checks.
    const events = await prisma.auditEvent.findMany({ where: { accountId: project.accountId } });
    expect(events).toEqual([
      expect.objectContaining({ action: 'check.import', actorKind: 'operator', target: `12 checks into project "${project.name}" (${project.id})` }),
    ]);
    // Two runs of the CLI as processes: slow on a loaded machine.
  });

  it("stops at the plan's quota, skips a UUID another project has, accepts a bare list", async () => {
    // Records of another Healthchecks project: fresh UUIDs (the first test imported the originals).
    const records = exported.slice(0, 4).map((c) => ({ ...c, uuid: randomUUID() }));
    const other = await makeProject(prisma, { plan: 'pro' });
    await makeCheck(prisma, other.id, { id: records[0]!.uuid });
    const free = await makeProject(prisma, { plan: 'free' });
    for (let i = 0; i < 18; i++) await makeCheck(prisma, free.id);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hc-import-')), 'list.json');
    writeFileSync(file, JSON.stringify(records));
    const out = admin('import', 'healthchecks', '--project', free.id, '--file', file).json;
    expect(out.created.map((c: any) => c.id)).toEqual([records[1]!.uuid, records[2]!.uuid]);
    expect(out.skipped.map((s: any) => s.reason)).toEqual(['a check with this uuid exists in another project', "the account's plan allows 20 checks"]);
  });

  it('usage and file errors are JSON on stderr', async () => {
    const project = await makeProject(prisma);
    expect(admin('import', 'healthchecks', '--project', project.id)).toMatchObject({ code: 2, err: expect.stringMatching(/--file is required/) });
    expect(admin('import', 'healthchecks', '--project', project.id, '--file', '/nonexistent.json')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/cannot read/),
    });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hc-import-')), 'bad.json');
    writeFileSync(file, '{"data": []}');
    expect(admin('import', 'healthchecks', '--project', project.id, '--file', file)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/has no .*checks.* list/),
    });
  });
});
