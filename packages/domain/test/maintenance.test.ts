import {
  createMaintenance,
  deleteMaintenance,
  endMaintenance,
  listMaintenance,
  presentMaintenance,
  updateMaintenance,
  validateMaintenanceInput,
} from '@upmon/domain';
import { makeCheck, makeMaintenanceWindow } from '@upmon/testing';
import { apiError } from './support/api-error.js';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// The maintenance windows' operations and reads against a real database.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const later = (min: number) => new Date(NOW.getTime() + min * 60_000);
const w = domainWorldOfThisFile();

test('"duration_min" alone starts now; ending it early stops it, a second end is a 409', async () => {
  const scope = await w.project();
  const m = await createMaintenance(w.prisma, scope, validateMaintenanceInput({ name: 'deploy', duration_min: 15 }, NOW), NOW);
  expect(presentMaintenance(m, NOW)).toMatchObject({ kind: 'one_off', scope: 'project', status: 'active', starts_at: '2026-06-01T12:00:00.000+00:00' });
  const ended = await endMaintenance(w.prisma, scope, m.id, later(5));
  expect(presentMaintenance(ended, later(6)).status).toBe('past');
  expectResponse('Maintenance', presentMaintenance(ended, later(6)));
  const err = await apiError(endMaintenance(w.prisma, scope, m.id, later(6)));
  expect([err.status, err.message]).toEqual([409, 'this maintenance window has already ended']);
});

test('a recurring window is active during an occurrence, and its scope may be checks of the project only', async () => {
  const scope = await w.project();
  const check = await makeCheck(w.prisma, scope.projectId);
  const body = { name: 'nightly', schedule: '0 12 * * *', tz: 'UTC', duration_min: 60, checks: [check.id] };
  const m = await createMaintenance(w.prisma, scope, validateMaintenanceInput(body, NOW), NOW);
  expect(presentMaintenance(m, later(30))).toMatchObject({ kind: 'recurring', scope: 'checks', checks: [check.id], status: 'active' });
  expect(presentMaintenance(m, later(90)).status).toBe('upcoming');
  const theirs = await makeCheck(w.prisma, w.scope.projectId);
  const err = await apiError(createMaintenance(w.prisma, scope, validateMaintenanceInput({ ...body, checks: [theirs.id] }, NOW), NOW));
  expect([err.status, err.options.errors]).toEqual([422, { checks: [`not checks of this project: ${theirs.id}`] }]);
});

test('update replaces the times as a whole and reopens a window ended early; a rename keeps them', async () => {
  const scope = await w.project();
  const m = await createMaintenance(w.prisma, scope, validateMaintenanceInput({ name: 'db', duration_min: 60 }, NOW), NOW);
  await endMaintenance(w.prisma, scope, m.id, later(1));
  const renamed = await updateMaintenance(w.prisma, scope, m.id, { name: 'database' }, later(2));
  expect([renamed.name, renamed.endedAt?.toISOString(), renamed.endsAt?.toISOString()]).toEqual(['database', later(1).toISOString(), later(60).toISOString()]);
  const reopened = await updateMaintenance(w.prisma, scope, m.id, { starts_at: later(10).toISOString(), ends_at: later(70).toISOString() }, later(2));
  expect([reopened.endedAt, presentMaintenance(reopened, later(20)).status]).toEqual([null, 'active']);
});

test("list: recurring windows and those over for less than 30 days, newest first; another project's is not found", async () => {
  const scope = await w.project();
  const old = await makeMaintenanceWindow(w.prisma, scope.projectId, {
    startsAt: later(-60 * 24 * 40),
    endsAt: later(-60 * 24 * 31),
    createdAt: later(-60 * 24 * 41),
  });
  const recent = await makeMaintenanceWindow(w.prisma, scope.projectId, {
    startsAt: later(-60 * 24 * 3),
    endsAt: later(-60 * 24 * 2),
    createdAt: later(-60 * 24 * 4),
  });
  const recurring = await makeMaintenanceWindow(w.prisma, scope.projectId, { schedule: '0 3 * * sun', tz: 'UTC', durationMin: 30, createdAt: later(-60) });
  expect((await listMaintenance(w.prisma, scope.projectId, NOW)).map((m) => m.id)).toEqual([recurring.id, recent.id]);
  expect(old.id).toBeDefined();
  expect((await apiError(deleteMaintenance(w.prisma, w.scope, recent.id, NOW))).status).toBe(404);
  await deleteMaintenance(w.prisma, scope, recent.id, NOW);
  expect((await listMaintenance(w.prisma, scope.projectId, NOW)).map((m) => m.id)).toEqual([recurring.id]);
  const audit = await w.prisma.auditEvent.findMany({ where: { accountId: scope.accountId, action: 'maintenance.delete' } });
  expect(audit).toHaveLength(1);
});
