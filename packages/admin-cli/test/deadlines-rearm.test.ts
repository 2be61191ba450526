import { createTestDatabase, type TestDatabase } from '@upmon/testing';
import { runAdmin } from './support/run-admin.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('deadlines rearm', () => {
  it('re-arms from now by default, or from --restored-at', () => {
    const now = runAdmin(db.url, 'deadlines', 'rearm');
    expect([now.code, now.json]).toEqual([0, { restored_at: expect.any(String), checks_with_deadline: 0, rearmed: 0 }]);
    const given = runAdmin(db.url, 'deadlines', 'rearm', '--restored-at', '2026-03-10T12:00:00+02:00');
    expect([given.code, given.json.restored_at]).toEqual([0, '2026-03-10T10:00:00.000Z']);
  });

  it.each([
    ['not a time', 'yesterday', 'must be an ISO time with its offset'],
    ['without an offset', '2026-03-10T12:00:00', 'must be an ISO time with its offset'],
    ['too long', `2026-03-10T12:00:00${'0'.repeat(100)}Z`, 'must be an ISO time with its offset'],
    ['in the future', '2999-01-01T00:00:00Z', 'is in the future'],
  ])('refuses --restored-at %s', (_what, value, message) => {
    const r = runAdmin(db.url, 'deadlines', 'rearm', '--restored-at', value);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err).error).toContain(message);
  });
});
