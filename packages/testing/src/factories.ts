import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { flipCauseFromJson, flipCauseToJson, splitHttpConfig, type DecidingResult, type ProbedKind } from '@upmon/core';
import { probeKind, splitConfig } from '@upmon/probes';
import { AAD, createCipher, generateApiKey, randomToken } from '@upmon/crypto';
import type { Check, Integration, IntegrationKind, MaintenanceWindow, Plan, Prisma, PrismaClient, Project } from '@upmon/db';
import { TEST_ENCRYPTION_KEY } from './service-process.js';

/** Test data in one place. Each returns the created row (and the clear key for API keys). */
export async function makeAccount(prisma: PrismaClient, plan: Plan = 'pro') {
  return prisma.account.create({ data: { name: `acct-${randomToken(4)}`, plan } });
}

export async function makeProject(prisma: PrismaClient, opts: { plan?: Plan; accountId?: string } = {}): Promise<Project> {
  const accountId = opts.accountId ?? (await makeAccount(prisma, opts.plan ?? 'pro')).id;
  return prisma.project.create({ data: { accountId, name: `proj-${randomToken(4)}`, pingKey: randomToken(16) } });
}

export async function makeApiKey(prisma: PrismaClient, projectId: string, kind: 'rw' | 'ro' = 'rw') {
  const g = generateApiKey(kind);
  const row = await prisma.apiKey.create({ data: { projectId, kind, prefix: g.prefix, hash: g.hash } });
  return { ...row, key: g.key };
}

/** A project on a paid plan with one rw and one ro key. */
export async function makeProjectWithKeys(prisma: PrismaClient, plan: Plan = 'pro') {
  const project = await makeProject(prisma, { plan });
  const rw = await makeApiKey(prisma, project.id, 'rw');
  const ro = await makeApiKey(prisma, project.id, 'ro');
  return { project, rwKey: rw.key, roKey: ro.key };
}

export async function makeCheck(prisma: PrismaClient, projectId: string, overrides: Partial<Prisma.CheckUncheckedCreateInput> = {}): Promise<Check> {
  return prisma.check.create({
    data: {
      projectId,
      name: `check-${randomToken(4)}`,
      scheduleKind: 'period',
      periodSec: 60,
      graceSec: 60,
      ...overrides,
    },
  });
}

const testCipher = createCipher(TEST_ENCRYPTION_KEY);

/**
 * An http_config as the api stores it (settings in http_config, credentials encrypted with the
 * services' test key in http_secrets, bound to the check `checkId`), to spread into check update
 * data; `makeHttpCheck` creates a check with one.
 */
export function httpConfigColumns(
  config: Record<string, unknown>,
  checkId: string,
): { httpConfig: Prisma.InputJsonValue; httpSecrets: Uint8Array<ArrayBuffer> } {
  const { settings, secrets } = splitHttpConfig(config);
  return { httpConfig: settings as Prisma.InputJsonValue, httpSecrets: new Uint8Array(testCipher.encryptJson(secrets, AAD.checkHttpSecrets(checkId))) };
}

/** An http check (period 60 s, grace 60 s unless overridden) with `httpConfig` stored as the api stores it. */
export function makeHttpCheck(
  prisma: PrismaClient,
  projectId: string,
  httpConfig: Record<string, unknown>,
  overrides: Partial<Prisma.CheckUncheckedCreateInput> = {},
): Promise<Check> {
  const id = overrides.id ?? randomUUID();
  return makeCheck(prisma, projectId, { id, kind: 'http', periodSec: 60, graceSec: 60, ...httpConfigColumns(httpConfig, id), ...overrides });
}

/**
 * A check of a probed kind (period 60 s, grace 60 s unless overridden) with `config` validated
 * by its kind's schema (defaults applied) and stored as the api stores it: settings in
 * `<kind>_config`, the kind's secret fields encrypted with the test key in `<kind>_secrets`.
 */
export function makeProbeCheck(
  prisma: PrismaClient,
  projectId: string,
  kind: ProbedKind,
  config: Record<string, unknown>,
  overrides: Partial<Prisma.CheckUncheckedCreateInput> = {},
): Promise<Check> {
  const id = overrides.id ?? randomUUID();
  const definition = probeKind(kind);
  const { error, value } = definition.schema.validate(config);
  if (error) throw error;
  const { settings, secrets } = splitConfig(value as Record<string, unknown>, definition.secretFields);
  const columns: Record<string, unknown> = { [`${kind}Config`]: settings };
  if (secrets) columns[`${kind}Secrets`] = new Uint8Array(testCipher.encryptJson(secrets, AAD.checkProbeSecrets(kind, id)));
  return makeCheck(prisma, projectId, { id, kind, periodSec: 60, graceSec: 60, ...columns, ...overrides });
}

/** A ping body as the services store it: encrypted with the test key, bound to its check. */
export function sealPingBody(checkId: string, body: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(testCipher.encrypt(body, AAD.pingBody(checkId)));
}

/** The clear text of a stored ping body (see sealPingBody). */
export function openPingBody(checkId: string, sealed: Uint8Array): string {
  return testCipher.decrypt(sealed, AAD.pingBody(checkId)).toString('utf8');
}

/** A probed flip's cause as check-store stores it (flips.cause). */
export function sealFlipCause(checkId: string, results: DecidingResult[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(testCipher.encrypt(flipCauseToJson(results), AAD.flipCause(checkId)));
}

/** A stored flip cause read back (see sealFlipCause). */
export function openFlipCause(checkId: string, sealed: Uint8Array): DecidingResult[] | null {
  return flipCauseFromJson(testCipher.decrypt(sealed, AAD.flipCause(checkId)).toString('utf8'));
}

/**
 * An integration as the api stores it: its id drawn from the sequence first, so the config can be
 * encrypted bound to it (all events unless overridden); e-mail ones verified unless
 * `emailVerifiedAt: null` is given.
 */
export async function makeIntegration(
  prisma: PrismaClient,
  projectId: string,
  kind: IntegrationKind,
  config: Record<string, unknown>,
  overrides: Partial<Prisma.IntegrationUncheckedCreateInput> = {},
): Promise<Integration> {
  const [{ id } = { id: 0 }] = await prisma.$queryRaw<{ id: number }[]>`SELECT nextval(pg_get_serial_sequence('integrations', 'id'))::int AS id`;
  return prisma.integration.create({
    data: {
      id,
      projectId,
      kind,
      name: `${kind} integration`,
      events: ['down', 'up', 'late'],
      config: new Uint8Array(testCipher.encryptJson(config, AAD.integrationConfig(id))),
      ...(kind === 'email' ? { emailVerifiedAt: new Date() } : {}),
      ...overrides,
    },
  });
}

/**
 * A ciphertext as versions before key rotation wrote it (layout 1: version 1 | iv | ciphertext |
 * tag, no key id, no AAD), to prove such data stays readable.
 */
export function legacyCiphertext(plain: string, key: string = TEST_ENCRYPTION_KEY): Uint8Array<ArrayBuffer> {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return new Uint8Array(Buffer.concat([Buffer.from([1]), iv, body, c.getAuthTag()]));
}

/** A maintenance window of the project: by default one-off, whole project, from an hour ago for two hours. */
export async function makeMaintenanceWindow(
  prisma: PrismaClient,
  projectId: string,
  overrides: Partial<Prisma.MaintenanceWindowUncheckedCreateInput> = {},
): Promise<MaintenanceWindow> {
  const recurring = overrides.schedule !== undefined && overrides.schedule !== null;
  return prisma.maintenanceWindow.create({
    data: {
      projectId,
      name: `maintenance-${randomToken(4)}`,
      ...(recurring ? {} : { startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) }),
      ...overrides,
    },
  });
}
