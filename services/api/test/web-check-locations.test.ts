import { AAD, createCipher } from '@upmon/crypto';
import { makeCheck, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

// The check page shows each of a probed check's locations: its last result, response time, reason
// and whether it is stale (docs/locations.md).
let h: Harness;
let team: Team;
let as: Record<string, WebClient>;
const cipher = createCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({ PUBLIC_LOCATIONS: 'eu-central,us-east' }));
});
afterAll(() => h.close());

test('a probed check page lists its locations; a heartbeat page has none', async () => {
  const check = await makeCheck(h.prisma, team.project.id, { kind: 'http', status: 'down', periodSec: 60, httpConfig: { url: 'https://example.com/' } });
  const now = Date.now();
  await h.pool.query(
    `INSERT INTO check_locations (check_id, location, status, failures_in_row, last_result_at, last_duration_ms, last_reason)
     VALUES ($1, 'eu-central', 'failing', 3, $2, 1234, $3), ($1, 'us-east', 'up', 0, $4, 87, $5)`,
    [
      check.id,
      new Date(now - 5000),
      cipher.encrypt('connection refused', AAD.checkLocationReason(check.id, 'eu-central')),
      new Date(now - 3_600_000),
      cipher.encrypt('HTTP 200', AAD.checkLocationReason(check.id, 'us-east')),
    ],
  );
  const page = await as.read_only!.get(`/checks/${check.id}`);
  expect(page.status).toBe(200);
  const text = pageText(page.text);
  expect(text).toContain('Locations');
  // The stale window as it is: three 60 s intervals plus a minute.
  expect(text).toContain('a location without results for three intervals plus a minute (4 min) is stale');
  expect(text).toMatch(/eu-central\s+failing \(3 in a row\)\s+.*1 s\s+connection refused/);
  expect(text).toMatch(/us-east\s+up — stale\s+.*87 ms\s+HTTP 200/);

  const beat = await makeCheck(h.prisma, team.project.id, { name: 'beat' });
  expect((await as.read_only!.get(`/checks/${beat.id}`)).text).not.toContain('h-locations');
});

test('a location the check names that no longer exists is shown as not configured', async () => {
  // eu-west was a public location when the check was made; PUBLIC_LOCATIONS no longer has it.
  const check = await makeCheck(h.prisma, team.project.id, {
    kind: 'http',
    status: 'up',
    periodSec: 60,
    httpConfig: { url: 'https://example.com/' },
    locations: ['eu-central', 'eu-west'],
  });
  const text = pageText((await as.read_only!.get(`/checks/${check.id}`)).text);
  expect(text).toMatch(/eu-west\s+no result yet — stale — not configured \(no prober serves it\)/);
  expect(text.match(/not configured/g)).toHaveLength(1);
});
