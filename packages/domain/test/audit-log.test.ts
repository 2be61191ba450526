import { listAuditEvents, presentAuditEvent, recordAuditEvent } from '@upmon/domain';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// An account's audit log: recorded and paged through the domain against a real database.

const w = domainWorldOfThisFile();

test("newest first, a page at a time by cursor, the account's events only, each actor as it was", async () => {
  const { accountId } = w.scope;
  const other = await w.project();
  await recordAuditEvent(w.prisma, { accountId: other.accountId, actor: { kind: 'operator' }, action: 'check.create', target: 'theirs' });
  await recordAuditEvent(w.prisma, { accountId, actor: { kind: 'operator' }, action: 'check.create', target: 'first' });
  const user = await w.prisma.user.create({ data: { email: 'who@example.com', name: 'Who' } });
  await recordAuditEvent(w.prisma, {
    accountId,
    actor: { kind: 'user', userId: user.id, email: 'who@example.com', client: '203.0.113.5' },
    action: 'sign_in',
  });
  const key = await w.prisma.apiKey.create({ data: { projectId: w.scope.projectId, kind: 'rw', name: 'ci', prefix: 'upm_rw_abcdefgh', hash: 'h'.repeat(64) } });
  await recordAuditEvent(w.prisma, { accountId, actor: { kind: 'api_key', apiKeyId: key.id, client: null }, action: 'integration.delete', target: 'third' });

  const first = await listAuditEvents(w.pool, { accountId }, { limit: 2 });
  expect(first.events.map((e) => [e.action, e.actorKind, e.actorLabel, e.clientAddress])).toEqual([
    ['integration.delete', 'api_key', 'API key ci', null],
    ['sign_in', 'user', 'who@example.com', '203.0.113.5'],
  ]);
  expect(first.nextCursor).toBe(first.events[1]!.id);
  const second = await listAuditEvents(w.pool, { accountId }, { limit: 2, cursor: first.nextCursor! });
  expect([second.events.map((e) => e.target), second.nextCursor]).toEqual([['first'], null]);
  for (const e of [...first.events, ...second.events]) expectResponse('AuditEvent', presentAuditEvent(e));
});

test("a project's scope: the events done in that project only, not its siblings' nor the account's own", async () => {
  const { accountId, projectId } = w.scope;
  const sibling = await w.project({ accountId });
  const operator = { kind: 'operator' } as const;
  await recordAuditEvent(w.prisma, { accountId, projectId, actor: operator, action: 'check.create', target: 'mine' });
  await recordAuditEvent(w.prisma, { accountId, projectId: sibling.projectId, actor: operator, action: 'check.create', target: 'the sibling’s' });
  await recordAuditEvent(w.prisma, { accountId, actor: operator, action: 'member.add', target: 'the account’s' });
  await recordAuditEvent(w.prisma, { accountId, projectId, actor: operator, action: 'check.delete', target: 'mine again' });
  const page = await listAuditEvents(w.pool, { accountId, projectId }, { limit: 1 });
  expect(page.events.map((e) => e.target)).toEqual(['mine again']);
  const rest = await listAuditEvents(w.pool, { accountId, projectId }, { limit: 10, cursor: page.nextCursor! });
  expect([rest.events.map((e) => e.target), rest.nextCursor]).toEqual([['mine'], null]);
  // Another account's key cannot name this project to read it.
  const stranger = await w.project();
  expect((await listAuditEvents(w.pool, { accountId: stranger.accountId, projectId }, { limit: 10 })).events).toEqual([]);
});
