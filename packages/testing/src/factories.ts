import { splitHttpConfig } from '@upmon/core';
import { createCipher, generateApiKey, randomToken } from '@upmon/crypto';
import type { Check, Plan, Prisma, PrismaClient, Project } from '@upmon/db';
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

export async function makeCheck(
  prisma: PrismaClient,
  projectId: string,
  overrides: Partial<Prisma.CheckUncheckedCreateInput> = {},
): Promise<Check> {
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

/**
 * An http_config as the api stores it (settings in http_config, credentials encrypted with the
 * services' test key in http_secrets), to spread into check create or update data.
 */
export function httpConfigColumns(config: Record<string, unknown>): { httpConfig: Prisma.InputJsonValue; httpSecrets: Uint8Array<ArrayBuffer> } {
  const { settings, secrets } = splitHttpConfig(config);
  return { httpConfig: settings as Prisma.InputJsonValue, httpSecrets: new Uint8Array(createCipher(TEST_ENCRYPTION_KEY).encryptJson(secrets)) };
}
