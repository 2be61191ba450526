import type { Plan, PrismaClient } from '@upmon/db';
import { launchChromium, makeProject } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from './browser-api.js';
import { makeUser } from './web-users.js';

/** A browser test file's world: the api in this process, Chromium, and a project whose owner signs in. */
export interface BrowserOwnerWorld {
  h: BrowserApi;
  prisma: PrismaClient;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  projectId: string;
  accountId: string;
  /** The owner's address (signIn with it). */
  email: string;
}

/** Starts the world before the file's tests and closes it after them: read its fields inside tests. */
export function browserOwnerWorld(ownerEmail: string, plan: Plan = 'pro'): BrowserOwnerWorld {
  const world = {} as BrowserOwnerWorld;
  beforeAll(async () => {
    world.h = await startBrowserApi();
    world.prisma = world.h.prisma;
    const project = await makeProject(world.prisma, { plan });
    world.projectId = project.id;
    world.accountId = project.accountId;
    world.email = (await makeUser(world.prisma, project.accountId, 'owner', ownerEmail)).email;
    world.browser = await launchChromium();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.h?.close();
  });
  return world;
}
