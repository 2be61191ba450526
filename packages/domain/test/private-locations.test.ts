import {
  createPrivateLocation,
  findPrivateLocation,
  listPrivateLocations,
  presentPrivateLocation,
  revokePrivateLocation,
  rotatePrivateLocationKey,
} from '@upmon/domain';
import { apiError } from './support/api-error.js';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// An account's private locations, through the domain against a real database.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const w = domainWorldOfThisFile();

test('create, rotate with and without grace, revoke; presented without the key', async () => {
  const { location, key } = await createPrivateLocation(w.prisma, w.scope, 'office');
  expect(key.startsWith(location.keyPrefix)).toBe(true);
  expect(JSON.stringify(presentPrivateLocation(location, NOW))).not.toContain(key);
  const rotated = await rotatePrivateLocationKey(w.prisma, w.scope, location.id, 60, NOW);
  expect(rotated.key).not.toBe(key);
  expect(presentPrivateLocation(rotated.location, NOW).previous_key_expires_at).toBe('2026-06-01T12:01:00.000+00:00');
  expect(presentPrivateLocation(rotated.location, new Date(NOW.getTime() + 61_000)).previous_key_expires_at).toBeNull();
  const again = await rotatePrivateLocationKey(w.prisma, w.scope, location.id, 0, NOW);
  expect([again.location.previousKeyHash, again.location.previousKeyExpiresAt]).toEqual([null, null]);
  const revoked = await revokePrivateLocation(w.prisma, w.scope, location.id, NOW);
  expect(revoked.revokedAt).toEqual(NOW);
  expect((await revokePrivateLocation(w.prisma, w.scope, location.id, new Date(NOW.getTime() + 1000))).revokedAt).toEqual(NOW);
  expect((await apiError(rotatePrivateLocationKey(w.prisma, w.scope, location.id, 0, NOW))).status).toBe(409);
  expectResponse('PrivateLocation', presentPrivateLocation(revoked, NOW));
});

test("another account's location is not found; at most 20 live ones per account", async () => {
  const other = await w.project();
  const { location } = await createPrivateLocation(w.prisma, other, 'theirs');
  expect((await apiError(findPrivateLocation(w.prisma, w.scope.accountId, location.id))).status).toBe(404);
  const scope = await w.project();
  for (let i = 0; i < 20; i++) await createPrivateLocation(w.prisma, scope, `l${i}`);
  const err = await apiError(createPrivateLocation(w.prisma, scope, 'one more'));
  expect([err.status, err.message]).toEqual([409, 'an account has at most 20 private locations; revoke one first']);
  const [newest] = await listPrivateLocations(w.prisma, scope.accountId);
  await revokePrivateLocation(w.prisma, scope, newest!.id, NOW);
  await expect(createPrivateLocation(w.prisma, scope, 'after a revocation')).resolves.toBeDefined();
  expect(await listPrivateLocations(w.prisma, scope.accountId)).toHaveLength(21);
});
