import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createEmptyDatabase, type TestDatabase } from '@upmon/testing';

// Projects that existed before badges get their badge key from the migration itself: each its own
// (a volatile default is evaluated per row when the column is added), random, and unique.
const dir = path.resolve(import.meta.dirname, '../prisma/migrations');
const migrations = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const badgeMigration = migrations.findIndex((m) => m.endsWith('_project_badge_keys'));
const sqlOf = (name: string) => readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');

let db: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  db = await createEmptyDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await db.drop();
});

test('existing projects get distinct random badge keys; new ones get one too', async () => {
  expect(badgeMigration).toBeGreaterThan(0);
  for (const m of migrations.slice(0, badgeMigration)) await client.query(sqlOf(m));
  const { rows: acct } = await client.query<{ id: string }>(`INSERT INTO accounts (id, name, updated_at) VALUES (gen_random_uuid(), 'a', now()) RETURNING id`);
  for (let i = 0; i < 50; i++) {
    await client.query(`INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'p', $2)`, [acct[0]!.id, `pingkey-${i}`]);
  }
  await client.query(sqlOf(migrations[badgeMigration]!));
  await client.query(`INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'new', 'pingkey-new')`, [acct[0]!.id]);
  const { rows } = await client.query<{ badge_key: string }>('SELECT badge_key FROM projects');
  expect(rows).toHaveLength(51);
  for (const r of rows) expect(r.badge_key).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(rows.map((r) => r.badge_key)).size).toBe(51);
});
