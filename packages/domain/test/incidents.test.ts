import {
  addIncidentUpdate,
  createIncident,
  deleteStatusPage,
  INCIDENT_LIMITS,
  resolvedAtOf,
  saveStatusPage,
  validateIncidentInput,
  validateIncidentUpdate,
  validateStatusPageInput,
} from '@upmon/domain';
import { eventually, makeCheck } from '@upmon/testing';
import { domainWorldOfThisFile } from './support/domain-world.js';

// Incidents of a status page through the domain against a real database: what the HTTP tests
// cannot make happen on purpose (two openings at once) and the resolution times.

const w = domainWorldOfThisFile();
const T = (m: number) => new Date(Date.UTC(2026, 5, 1, 12, m));

async function pageOf() {
  const scope = await w.project();
  const check = await makeCheck(w.prisma, scope.projectId, { name: 'API' });
  await saveStatusPage(w.prisma, scope, validateStatusPageInput({ title: 'Acme', enabled: true, groups: [{ name: 'Core', checks: [check.id] }] }));
  return scope;
}

test('an opening waits for another in progress, so two cannot both pass the limit of open incidents', async () => {
  const scope = await pageOf();
  for (let i = 0; i < INCIDENT_LIMITS.open - 1; i += 1) await createIncident(w.prisma, scope, validateIncidentInput({ title: `I${i}`, message: 'm' }), T(i));
  // Another opening in progress: it holds the page's row and adds the 20th open incident.
  const other = await w.pool.connect();
  try {
    await other.query('BEGIN');
    const { rows } = await other.query<{ id: string }>('SELECT id FROM status_pages WHERE project_id = $1 FOR NO KEY UPDATE', [scope.projectId]);
    await other.query(
      `INSERT INTO status_page_incidents (id, status_page_id, title, state, started_at, updated_at) VALUES (gen_random_uuid(), $1, 'other', 'investigating', now(), now())`,
      [rows[0]!.id],
    );
    let settled = false;
    const opening = createIncident(w.prisma, scope, validateIncidentInput({ title: 'late', message: 'm' }), T(30)).finally(() => {
      settled = true;
    });
    opening.catch(() => undefined);
    // Until it waits for the row (or, without the lock, has already gone through).
    await eventually(
      async () => {
        if (settled) return true;
        const waiting = await w.pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM status_pages%'`);
        return waiting.rowCount! > 0;
      },
      undefined,
      'the opening to wait for the page row',
    );
    await other.query('COMMIT');
    await expect(opening).rejects.toMatchObject({ code: 'conflict' });
  } finally {
    other.release();
  }
  expect(await w.prisma.statusPageIncident.count({ where: { statusPage: { projectId: scope.projectId }, resolvedAt: null } })).toBe(INCIDENT_LIMITS.open);
});

test('resolved_at: the first of the newest run of resolved updates; reopening clears it', async () => {
  const scope = await pageOf();
  const opened = await createIncident(w.prisma, scope, validateIncidentInput({ title: 'x', message: 'm' }), T(0));
  const post = (state: string, at: Date) => addIncidentUpdate(w.prisma, scope, opened.id, validateIncidentUpdate({ state, message: state }), at);
  expect((await post('resolved', T(1))).resolvedAt).toEqual(T(1));
  expect((await post('resolved', T(2))).resolvedAt).toEqual(T(1));
  const reopened = await post('monitoring', T(3));
  expect([reopened.state, reopened.resolvedAt]).toEqual(['monitoring', null]);
  expect((await post('resolved', T(4))).resolvedAt).toEqual(T(4));
});

test('resolvedAtOf, newest first', () => {
  const u = (state: string, m: number) => ({ state, createdAt: T(m) });
  expect(resolvedAtOf([])).toBeNull();
  expect(resolvedAtOf([u('identified', 2), u('resolved', 1)])).toBeNull();
  expect(resolvedAtOf([u('resolved', 3), u('resolved', 2), u('monitoring', 1), u('resolved', 0)])).toEqual(T(2));
  expect(resolvedAtOf([u('resolved', 0)])).toEqual(T(0));
});

test('deleting the status page deletes its incidents and their updates', async () => {
  const scope = await pageOf();
  const opened = await createIncident(w.prisma, scope, validateIncidentInput({ title: 'x', message: 'm' }), T(0));
  await deleteStatusPage(w.prisma, scope);
  expect(await w.prisma.statusPageIncident.count({ where: { id: opened.id } })).toBe(0);
  expect(await w.prisma.statusPageIncidentUpdate.count({ where: { incidentId: opened.id } })).toBe(0);
});
