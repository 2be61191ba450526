// Lists streamed from keyset pages (docs/api.md, "Lists and pagination"): a project of 100,000
// checks answered whole and well-formed, a client that goes away stops the reading, opt-in pages
// that see every check exactly once while others are created and deleted, and the cursors' rules.
import { request } from 'node:http';
import { hcUniqueKey } from '@upmon/healthchecks';
import { eventually, makeIntegration, makeMaintenanceWindow, makeProjectWithKeys } from '@upmon/testing';
import { hcCall } from './support/hc-world.js';
import { startHarness, type ApiResponse, type Harness } from './support/api-harness.js';

let h: Harness;
let big: { projectId: string; rw: string; ro: string };

const BIG = 100_000;

/**
 * `count` checks of the project inserted by SQL, created in `count / 3` distinct instants (three
 * share each created_at, so the id breaks ties, also across the edges of pages).
 */
async function seedChecks(projectId: string, count: number, tags: string[] = []): Promise<void> {
  await h.pool.query(
    `INSERT INTO checks (id, project_id, name, tags, tz, schedule_kind, period_sec, grace_sec, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'check ' || i, $3::text[], 'UTC', 'period', 3600, 300, 'new',
            timestamptz '2026-01-01 00:00:00+00' + ((i / 3) * interval '1 millisecond') + interval '0.000123 second', now()
     FROM generate_series(1, $2::int) AS i`,
    [projectId, count, tags],
  );
}

async function idsInListOrder(projectId: string): Promise<string[]> {
  const { rows } = await h.pool.query<{ id: string }>('SELECT id FROM checks WHERE project_id = $1 ORDER BY created_at, id', [projectId]);
  return rows.map((r) => r.id);
}

const list = (key: string, query = '') => h.call('GET', `/checks${query}`, { key });

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'business');
  big = { projectId: p.project.id, rw: p.rwKey, ro: p.roKey };
  await seedChecks(big.projectId, BIG);
  await h.pool.query('ANALYZE checks');
}, 120_000);
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetRateLimits();
});

describe('a project of 100,000 checks', () => {
  test('GET /checks streams every check, in creation order, as one well-formed JSON document', async () => {
    const res = await fetch(`${h.api.url}/api/v1/checks`, { headers: { authorization: `Bearer ${big.rw}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(await res.text()) as { data: { id: string; name: string; created_at: string }[] };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(BIG);
    expect(body.data.map((c) => c.id)).toEqual(await idsInListOrder(big.projectId));
    expect(body.data[0]).toMatchObject({ name: expect.stringMatching(/^check [12]$/), created_at: '2026-01-01T00:00:00.000+00:00' });
  }, 180_000);

  test('GET /checks?limit=1 answers one check and the cursor of the rest', async () => {
    const res = await list(big.rw, '?limit=1');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].id).toBe((await idsInListOrder(big.projectId))[0]);
    expect(res.body.next).toEqual(expect.any(String));
  });

  test("Healthchecks' unique_key finds the project's last check, read in pages of ids", async () => {
    const last = (await idsInListOrder(big.projectId)).at(-1) as string;
    const res = await hcCall(h.api.url, 'GET', `/checks/${hcUniqueKey(last)}`, { key: big.ro });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unique_key: hcUniqueKey(last) });
    expect((await hcCall(h.api.url, 'GET', `/checks/${'0'.repeat(40)}`, { key: big.ro })).status).toBe(404);
  }, 60_000);

  test('a client that disconnects mid-stream stops the reading: the pool is idle again, no query left running', async () => {
    const logged = () => h.logs.filter((l) => l.includes('list stopped: the client went away'));
    const before = logged().length;
    await new Promise<void>((resolve, reject) => {
      const req = request(`${h.api.url}/api/v1/checks`, { headers: { authorization: `Bearer ${big.rw}` } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (err.message === 'socket hang up' ? resolve() : reject(err)));
      req.end();
    });
    await eventually(() => logged().length > before, 60_000, 'the api to notice the client left');
    const line = JSON.parse(logged().at(-1) as string) as { items: number };
    expect(line.items).toBeLessThan(BIG);
    await eventually(() => h.pool.idleCount === h.pool.totalCount && h.pool.waitingCount === 0, 10_000, 'the pool to be idle');
    const { rows } = await h.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`,
    );
    expect(rows[0]?.n).toBe(0);
  }, 120_000);
});

describe('keyset pages (limit, after, next)', () => {
  test('give every check exactly once while checks are created and deleted concurrently', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'business');
    await seedChecks(p.project.id, 3_000);
    const initial = await idsInListOrder(p.project.id);
    const deleted = new Set<string>();
    let walking = true;
    const churn = (async () => {
      for (let round = 0; walking; round++) {
        // Delete a few of the initial checks anywhere in the order, and add some: at the end (now),
        // and in the middle of the order (an old created_at), where the walk may or may not be.
        const victims = initial.filter((_, i) => (i * 7 + round * 13) % 97 === 0 && !deleted.has(initial[i] as string)).slice(0, 5);
        await h.pool.query('DELETE FROM checks WHERE id = ANY($1::uuid[])', [victims]);
        for (const v of victims) deleted.add(v);
        await h.pool.query(
          `INSERT INTO checks (id, project_id, name, tz, schedule_kind, period_sec, grace_sec, status, created_at, updated_at)
           SELECT gen_random_uuid(), $1, 'new ' || i, 'UTC', 'period', 3600, 300, 'new',
                  CASE WHEN i % 2 = 0 THEN now() ELSE timestamptz '2026-01-01 00:00:00.5+00' END, now()
           FROM generate_series(1, 4) AS i`,
          [p.project.id],
        );
        await new Promise((r) => setImmediate(r));
      }
    })();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await list(p.rwKey, `?limit=100${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(100);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      after = res.body.next;
      pages++;
    } while (after !== null);
    walking = false;
    await churn;

    expect(pages).toBeGreaterThanOrEqual(30);
    expect(deleted.size).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    const survivors = initial.filter((id) => !deleted.has(id));
    expect(survivors.filter((id) => !seenSet.has(id))).toEqual([]);
    // In the list's order: each id after the one before it.
    const order = new Map((await idsInListOrder(p.project.id)).map((id, i) => [id, i]));
    const kept = seen.filter((id) => order.has(id)).map((id) => order.get(id) as number);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
  }, 180_000);

  test('the default answer is one array without next; pages end with next null; after alone gives pages of 100', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    await seedChecks(p.project.id, 250);
    const ids = await idsInListOrder(p.project.id);
    const whole = await list(p.rwKey);
    expect(Object.keys(whole.body)).toEqual(['data']);
    expect(whole.body.data.map((c: { id: string }) => c.id)).toEqual(ids);

    const first = await list(p.rwKey, '?limit=200');
    expect(first.body.data).toHaveLength(200);
    const second = await list(p.rwKey, `?after=${first.body.next}`);
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(200));
    expect(second.body.next).toBeNull();
    const exact = await list(p.rwKey, '?limit=250');
    expect(exact.body).toEqual({ data: whole.body.data, next: null });
  });

  test('422 for a limit out of range, an unknown parameter, and a cursor that is edited, forged or of another list', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    await seedChecks(p.project.id, 3);
    const next = (await list(p.rwKey, '?limit=1')).body.next as string;
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=abc', 'limit'],
      ['?page=2', 'page'],
      [`?after=${next.slice(0, 5)}${next[5] === 'A' ? 'B' : 'A'}${next.slice(6)}`, 'after'],
      ['?after=' + 'A'.repeat(200), 'after'],
      ['?after=not%20a%20cursor', 'after'],
    ] as const) {
      const res = await list(p.rwKey, query);
      expect([query, res.status, Object.keys(res.body.errors ?? {})]).toEqual([query, 422, [field]]);
    }
    // Genuine, but of another project's list, or of another list of this project.
    expect((await list(big.rw, `?after=${next}`)).status).toBe(422);
    expect((await h.call('GET', `/integrations?after=${next}`, { key: p.rwKey })).status).toBe(422);
    expect((await list(p.rwKey, `?after=${next}`)).body.data).toHaveLength(2);
  });
});

describe('the other lists stream and page the same way', () => {
  test('integrations by id, maintenance windows and private locations newest first, page by page', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'business');
    const integrations = [];
    for (let i = 0; i < 5; i++) integrations.push(await makeIntegration(h.prisma, p.project.id, 'webhook', { url: 'https://hooks.example/x' }));
    // Two windows in one instant: the id orders them (and the microseconds count, not a Date's ms).
    const at = new Date('2026-06-01T00:00:00Z');
    for (let i = 0; i < 4; i++)
      await makeMaintenanceWindow(h.prisma, p.project.id, { schedule: '0 3 * * *', tz: 'UTC', durationMin: 30, createdAt: new Date(at.getTime() + (i >> 1)) });
    await h.pool.query(`UPDATE maintenance_windows SET created_at = created_at + interval '0.000400 second' WHERE project_id = $1`, [p.project.id]);
    for (let i = 0; i < 3; i++) await h.call('POST', '/locations', { key: p.rwKey, body: { name: `office ${i}` } });

    const walk = async (path: string) => {
      const ids: unknown[] = [];
      let after: string | null = null;
      do {
        const res: ApiResponse = await h.call('GET', `${path}?limit=2${after ? `&after=${after}` : ''}`, { key: p.rwKey });
        expect(res.status).toBe(200);
        ids.push(...res.body.data.map((x: { id: unknown }) => x.id));
        after = res.body.next;
      } while (after !== null);
      const whole = await h.call('GET', path, { key: p.rwKey });
      expect(Object.keys(whole.body)).toEqual(['data']);
      expect(whole.body.data.map((x: { id: unknown }) => x.id)).toEqual(ids);
      return ids;
    };
    expect(await walk('/integrations')).toEqual(integrations.map((i) => i.id));
    const windows = await h.pool.query<{ id: string }>('SELECT id FROM maintenance_windows WHERE project_id = $1 ORDER BY created_at DESC, id', [p.project.id]);
    expect(await walk('/maintenance')).toEqual(windows.rows.map((r) => r.id));
    const locations = await walk('/locations');
    expect(locations).toHaveLength(3);
    const names = (await h.call('GET', '/locations', { key: p.rwKey })).body.data.map((l: { name: string }) => l.name);
    expect(names).toEqual(['office 2', 'office 1', 'office 0']);
  });

  test("Healthchecks' /api/v3/checks/ streams its one array over many pages, filters applied in SQL", async () => {
    const p = await makeProjectWithKeys(h.prisma, 'business');
    await seedChecks(p.project.id, 700, ['prod']);
    await seedChecks(p.project.id, 20, ['dev']);
    const all = await hcCall(h.api.url, 'GET', '/checks/', { key: p.rwKey });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['checks']);
    expect(all.body.checks).toHaveLength(720);
    expect(all.body.checks.map((c: { ping_url: string }) => c.ping_url.split('/').at(-1))).toEqual(await idsInListOrder(p.project.id));
    const prod = await hcCall(h.api.url, 'GET', '/checks/?tag=prod', { key: p.rwKey });
    expect(prod.body.checks).toHaveLength(700);
    expect((await hcCall(h.api.url, 'GET', '/checks/?tag=prod&tag=dev', { key: p.rwKey })).body.checks).toEqual([]);
  });
});
