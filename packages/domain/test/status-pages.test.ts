import { deleteStatusPage, presentStatusPage, readStatusPageSettings, saveStatusPage, validateStatusPageInput } from '@upmon/domain';
import { makeCheck } from '@upmon/testing';
import { apiError } from './support/api-error.js';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// A project's status page: saved, read and deleted through the domain against a real database.

const w = domainWorldOfThisFile();

test('saved groups and checks come back in order; a second save replaces them and keeps the public key', async () => {
  const scope = await w.project();
  const [a, b, c] = await Promise.all([1, 2, 3].map((i) => makeCheck(w.prisma, scope.projectId, { name: `c${i}` })));
  expect(await readStatusPageSettings(w.prisma, scope.projectId)).toBeNull();
  const first = await saveStatusPage(
    w.prisma,
    scope,
    validateStatusPageInput({
      title: 'Acme',
      groups: [
        { name: 'Web', checks: [b!.id, a!.id] },
        { name: 'Jobs', checks: [c!.id] },
      ],
    }),
  );
  expect(first).toMatchObject({
    title: 'Acme',
    enabled: false,
    groups: [
      { name: 'Web', checkIds: [b!.id, a!.id] },
      { name: 'Jobs', checkIds: [c!.id] },
    ],
  });
  const presented = presentStatusPage(first, 'https://app.example.com');
  expect(presented.public_url).toBe(`https://app.example.com/status/${first.publicKey}`);
  expectResponse('StatusPage', presented);
  const second = await saveStatusPage(
    w.prisma,
    scope,
    validateStatusPageInput({ title: 'Acme status', enabled: true, groups: [{ name: 'All', checks: [c!.id] }] }),
  );
  expect(second).toMatchObject({ publicKey: first.publicKey, title: 'Acme status', enabled: true, groups: [{ name: 'All', checkIds: [c!.id] }] });
  const audit = await w.prisma.auditEvent.findMany({ where: { accountId: scope.accountId, action: 'status_page.create' } });
  expect(audit).toHaveLength(1);
});

test("another project's check is a 422 naming where it is; nothing is saved", async () => {
  const scope = await w.project();
  const mine = await makeCheck(w.prisma, scope.projectId);
  const theirs = await makeCheck(w.prisma, w.scope.projectId);
  const err = await apiError(saveStatusPage(w.prisma, scope, validateStatusPageInput({ title: 'x', groups: [{ name: 'g', checks: [mine.id, theirs.id] }] })));
  expect([err.status, err.options.errors]).toEqual([422, { 'groups.0.checks.1': ['no such check in this project'] }]);
  expect(await readStatusPageSettings(w.prisma, scope.projectId)).toBeNull();
});

test('delete removes the page (a later one gets a new key); deleting none is a 404', async () => {
  const scope = await w.project();
  const first = await saveStatusPage(w.prisma, scope, validateStatusPageInput({ title: 'x', groups: [] }));
  await deleteStatusPage(w.prisma, scope);
  expect(await readStatusPageSettings(w.prisma, scope.projectId)).toBeNull();
  expect((await apiError(deleteStatusPage(w.prisma, scope))).status).toBe(404);
  const again = await saveStatusPage(w.prisma, scope, validateStatusPageInput({ title: 'x', groups: [] }));
  expect(again.publicKey).not.toBe(first.publicKey);
});
