import { afterAll, beforeAll } from '@jest/globals';
import { createCipher, type Cipher } from '@upmon/crypto';
import type { Plan, PrismaClient } from '@upmon/db';
import type { CheckWriteDeps, PauseResumeDeps, ProjectScope } from '@upmon/domain';
import { createFlipMetrics } from '@upmon/metrics';
import { makeProject, openTestStore, TEST_ENCRYPTION_KEY, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { Registry } from 'prom-client';

/**
 * A migrated test database (one per test file) and what the domain's operations take: Prisma, a pg
 * pool, the test cipher, and a project to act in with its scope (an operator acting, as the admin
 * CLI does). `project()` makes another one, of another account by default.
 */
export interface DomainWorld {
  store: TestStore;
  prisma: PrismaClient;
  pool: pg.Pool;
  cipher: Cipher;
  scope: ProjectScope;
  deps: CheckWriteDeps & PauseResumeDeps;
  project(opts?: { plan?: Plan; accountId?: string }): Promise<ProjectScope>;
  close(): Promise<void>;
}

export async function openDomainWorld(): Promise<DomainWorld> {
  const store = await openTestStore({ poolSize: 3 });
  const { prisma, pool } = store;
  const cipher = createCipher(TEST_ENCRYPTION_KEY);
  const scopeOf = async (projectId: string): Promise<ProjectScope> => {
    const p = await prisma.project.findUniqueOrThrow({ where: { id: projectId }, include: { account: true } });
    return { projectId: p.id, accountId: p.accountId, plan: p.account.plan, actor: { kind: 'operator' } };
  };
  return {
    store,
    prisma,
    pool,
    cipher,
    scope: await scopeOf(store.projectId),
    deps: { prisma, pool, cipher, config: { publicLocations: [] }, flipMetrics: createFlipMetrics(new Registry()) },
    project: async (opts = {}) => scopeOf((await makeProject(prisma, opts)).id),
    close: () => store.close(),
  };
}

/**
 * The world of this test file: opened before its tests (beforeAll) and closed after them
 * (afterAll); its fields are read through it inside the tests.
 */
export function domainWorldOfThisFile(): DomainWorld {
  let world: DomainWorld | undefined;
  beforeAll(async () => {
    world = await openDomainWorld();
  });
  afterAll(() => world?.close());
  return new Proxy({} as DomainWorld, {
    get(_target, key) {
      if (!world) throw new Error('the domain world opens in beforeAll: read it inside a test');
      return world[key as keyof DomainWorld];
    },
  });
}
