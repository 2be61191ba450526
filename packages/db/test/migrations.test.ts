import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createEmptyDatabase, type TestDatabase } from '@upmon/testing';

const prismaScript = path.resolve(import.meta.dirname, '../scripts/prisma.mjs');
const run = (url: string, ...args: string[]) =>
  spawnSync(process.execPath, [prismaScript, ...args], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(() => db.drop());

  it('apply to an empty database offline and leave it up to date', async () => {
    const deploy = run(db.url, 'migrate', 'deploy');
    expect(deploy.stderr + deploy.stdout).toContain('successfully applied');
    expect(deploy.status).toBe(0);

    const status = run(db.url, 'migrate', 'status');
    expect(status.stdout).toContain('Database schema is up to date');

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
      expect(rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining([
          'accounts',
          'api_keys',
          'checks',
          'flips',
          'held_notifications',
          'integrations',
          'notification_deliveries',
          'pings',
          'projects',
          'reminders',
        ]),
      );
      const idx = await client.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename IN ('checks','pings','flips')");
      const defs = idx.rows.map((r) => r.indexdef).join('\n');
      expect(defs).toMatch(/checks USING btree \(next_deadline_at\)/);
      expect(defs).toMatch(/checks USING btree \(next_probe_at\) WHERE \(kind <> 'heartbeat'::"CheckKind"\)/);
      expect(defs).not.toMatch(/checks_project_id_created_at_idx/);
      expect(defs).toMatch(/pings USING btree \(check_id, ts DESC\)/);
      expect(defs).toMatch(/flips USING btree \(check_id, ts DESC\)/);
    } finally {
      await client.end();
    }
  }, 120_000); // two Prisma CLI runs: 2-5 s each on an idle machine, over 15 s each on a loaded one

  it('re-running deploy is a no-op', () => {
    const again = run(db.url, 'migrate', 'deploy');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('No pending migrations to apply');
  });
});
