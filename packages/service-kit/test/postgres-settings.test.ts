import { Writable } from 'node:stream';
import pg from 'pg';
import { createLogger } from '@upmon/logger';
import { createTestDatabase, type TestDatabase } from '@upmon/testing';
import { postgresSettingProblems, warnAboutPostgresSettings, type PgSetting } from '../src/postgres-settings.js';

/** pg_settings as a production-like server has them (units as PostgreSQL reports them). */
const GOOD: PgSetting[] = [
  { name: 'autovacuum', setting: 'on', unit: null },
  { name: 'track_counts', setting: 'on', unit: null },
  { name: 'shared_buffers', setting: '262144', unit: '8kB' },
  { name: 'synchronous_commit', setting: 'on', unit: null },
  { name: 'fsync', setting: 'on', unit: null },
  { name: 'max_wal_size', setting: '8192', unit: 'MB' },
];
const with_ = (name: string, setting: string) => GOOD.map((s) => (s.name === name ? { ...s, setting } : s));

describe('postgresSettingProblems', () => {
  it('finds nothing wrong with a production-like server, nor with settings it cannot read', () => {
    expect(postgresSettingProblems(GOOD)).toEqual([]);
    expect(postgresSettingProblems([])).toEqual([]);
    expect(postgresSettingProblems(with_('shared_buffers', '32768'))).toEqual([]); // exactly 256MB
    expect(postgresSettingProblems(with_('max_wal_size', '1024'))).toEqual([]); // exactly 1GB
  });

  it.each([
    ['autovacuum', 'off', /^autovacuum = off \(dead rows/],
    ['track_counts', 'off', /^track_counts = off/],
    ['shared_buffers', '16384', /^shared_buffers = 128MB \(below 256MB/],
    ['shared_buffers', '32767', /^shared_buffers = 256MB \(below 256MB/],
    ['max_wal_size', '1023', /^max_wal_size = 1023MB \(below 1GB/],
    ['synchronous_commit', 'off', /^synchronous_commit = off \(a ping answered OK may be lost/],
    ['fsync', 'off', /^fsync = off/],
  ])('names %s = %s', (name, setting, message) => {
    const problems = postgresSettingProblems(with_(name, setting));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('names every problem of a test server at once (the machine the issue measured on)', () => {
    const testServer = [...with_('autovacuum', 'off').filter((s) => s.name !== 'shared_buffers'), { name: 'shared_buffers', setting: '16384', unit: '8kB' }];
    expect(postgresSettingProblems(testServer).map((p) => p.split(' ')[0])).toEqual(['autovacuum', 'shared_buffers']);
  });
});

describe('warnAboutPostgresSettings', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("reads the server's settings and logs one warning line naming each problem", async () => {
    const lines: string[] = [];
    const logger = createLogger({ service: 't', level: 'debug', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
    // One connection, so the session's own setting is the one read.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    await pool.query('SET synchronous_commit = off');
    await warnAboutPostgresSettings(pool, logger);
    await pool.end();
    const warnings = lines.map((l) => JSON.parse(l) as { level: string; msg: string; settings: string[] }).filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^PostgreSQL settings that cost throughput or durability \(docs\/operations\.md\): .*synchronous_commit = off/);
    expect(warnings[0]?.settings).toContainEqual(expect.stringMatching(/^synchronous_commit = off/));
  });

  it('never throws: a server it cannot read is logged at debug only', async () => {
    const lines: string[] = [];
    const logger = createLogger({ service: 't', level: 'debug', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
    const pool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    await expect(warnAboutPostgresSettings(pool, logger)).resolves.toBeUndefined();
    await pool.end();
    expect(lines.map((l) => JSON.parse(l) as { level: string; msg: string })).toEqual([
      expect.objectContaining({ level: 'debug', msg: 'could not read PostgreSQL settings' }),
    ]);
  });
});
