import { AAD } from '@upmon/crypto';
import {
  createIntegration,
  deleteIntegration,
  findIntegration,
  latestTestDelivery,
  listIntegrations,
  presentIntegration,
  updateIntegration,
  validateIntegrationInput,
} from '@upmon/domain';
import { apiError } from './support/api-error.js';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// The integrations' operations and reads against a real database.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const TELEGRAM = { linkBase: 'https://t.me', botUsername: 'upmon_bot' };
const w = domainWorldOfThisFile();

const webhook = (name: string, extra: Record<string, unknown> = {}) =>
  validateIntegrationInput({ kind: 'webhook', name, events: ['down', 'up'], config: { url: 'https://hooks.example.com/a', secret: 's3cret' }, ...extra });
const update = (id: number, body: Record<string, unknown>) =>
  updateIntegration(w.prisma, w.cipher, w.scope, id, body, { now: NOW, beforeVerificationMail: async () => {} });

test('create seals the config bound to the integration, presents without it, and is audit-logged', async () => {
  const { row } = await createIntegration(w.prisma, w.cipher, TELEGRAM, w.scope, webhook('hook'), NOW);
  const stored = await findIntegration(w.prisma, w.scope.projectId, row.id);
  expect(Buffer.from(stored!.config).toString('latin1')).not.toContain('s3cret');
  expect(w.cipher.decryptJson(stored!.config, AAD.integrationConfig(row.id))).toMatchObject({ url: 'https://hooks.example.com/a', secret: 's3cret' });
  const presented = presentIntegration(row);
  expectResponse('Integration', presented);
  expect(JSON.stringify(presented)).not.toContain('s3cret');
  const audit = await w.prisma.auditEvent.findMany({ where: { accountId: w.scope.accountId, action: 'integration.create' } });
  expect(audit.map((a) => a.target)).toContain(`webhook integration "hook" (${row.id})`);
});

test('telegram gets a one-time deep link; email starts unverified with a link to mail', async () => {
  const tg = await createIntegration(w.prisma, w.cipher, TELEGRAM, w.scope, validateIntegrationInput({ kind: 'telegram', name: 'tg', events: ['down'] }), NOW);
  expect(tg.telegramDeepLink).toMatch(/^https:\/\/t\.me\/upmon_bot\?start=[A-Za-z0-9_-]+$/);
  expect(presentIntegration(tg.row).verified).toBe(false);
  const mail = await createIntegration(
    w.prisma,
    w.cipher,
    TELEGRAM,
    w.scope,
    validateIntegrationInput({ kind: 'email', name: 'ops', events: ['down'], config: { email: 'ops@example.com' } }),
    NOW,
  );
  expect(mail.emailVerification?.to).toBe('ops@example.com');
  expect(presentIntegration(mail.row).verified).toBe(false);
});

test('update merges, keeps the kind (another is a 422) and replaces the config only when given', async () => {
  const { row } = await createIntegration(w.prisma, w.cipher, TELEGRAM, w.scope, webhook('to change'), NOW);
  const renamed = await update(row.id, { name: 'changed', reminders: [2] });
  expect(presentIntegration(renamed.row)).toMatchObject({ name: 'changed', reminders: [2], events: ['down', 'up'], kind: 'webhook' });
  const sealed = (await findIntegration(w.prisma, w.scope.projectId, row.id))!.config;
  expect(w.cipher.decryptJson(sealed, AAD.integrationConfig(row.id))).toMatchObject({ secret: 's3cret' });
  const err = await apiError(update(row.id, { kind: 'slack' }));
  expect([err.status, err.options.errors]).toEqual([422, { kind: ['cannot be changed; create a new integration instead'] }]);
});

test("another project's integration is not found; the list is the project's, oldest first", async () => {
  const other = await w.project();
  const theirs = await createIntegration(w.prisma, w.cipher, TELEGRAM, other, webhook('theirs'), NOW);
  expect(await findIntegration(w.prisma, w.scope.projectId, theirs.row.id)).toBeNull();
  expect((await apiError(update(theirs.row.id, { name: 'x' }))).status).toBe(404);
  expect((await apiError(deleteIntegration(w.prisma, w.scope, theirs.row.id))).status).toBe(404);
  const a = await createIntegration(w.prisma, w.cipher, TELEGRAM, other, webhook('second'), NOW);
  expect((await listIntegrations(w.prisma, other.projectId)).map((i) => i.id)).toEqual([theirs.row.id, a.row.id]);
  await deleteIntegration(w.prisma, other, theirs.row.id);
  expect((await listIntegrations(w.prisma, other.projectId)).map((i) => i.id)).toEqual([a.row.id]);
});

test('latestTestDelivery: the newest test message since the moment asked, not alerts', async () => {
  const { row } = await createIntegration(w.prisma, w.cipher, TELEGRAM, w.scope, webhook('tested'), NOW);
  const at = (s: number) => new Date(NOW.getTime() + s * 1000);
  expect(await latestTestDelivery(w.prisma, row.id, NOW)).toBeNull();
  await w.prisma.notificationDelivery.createMany({
    data: [
      { integrationId: row.id, event: 'test', attempt: 1, status: 'failed', statusCode: 500, error: 'boom', createdAt: at(-60) },
      { integrationId: row.id, event: 'down', attempt: 1, status: 'succeeded', createdAt: at(5) },
      { integrationId: row.id, event: 'test', attempt: 1, status: 'succeeded', statusCode: 200, createdAt: at(2) },
    ],
  });
  expect(await latestTestDelivery(w.prisma, row.id, NOW)).toMatchObject({ event: 'test', status: 'succeeded', statusCode: 200 });
  expect(await latestTestDelivery(w.prisma, row.id, at(3))).toBeNull();
  expect(await latestTestDelivery(w.prisma, row.id, at(-120))).toMatchObject({ status: 'succeeded' });
});
