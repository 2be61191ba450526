import type { Role } from '@upmon/core';
import { hashPassword } from '@upmon/crypto';
import type { Plan, PrismaClient } from '@upmon/db';
import { makeProject } from '@upmon/testing';
import { addUserToAccount } from '@upmon/user-store';
import { startHarness, type Harness } from './api-harness.js';
import { WebClient } from './web-client.js';

export const TEST_PASSWORD = 'a long test password';
/** Hashed once (cheap cost): every test user gets the same password. */
const hashed = hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 });

let n = 0;

/** A user with TEST_PASSWORD and `role` in the account. */
export async function makeUser(prisma: PrismaClient, accountId: string, role: Role, email = `user${++n}-${Date.now()}@example.com`) {
  const { user } = await addUserToAccount(prisma, { accountId, email, name: `User ${n}`, role });
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashed } });
  return user;
}

/** An account (plan), a project in it, and a user of each role. */
export async function makeTeam(prisma: PrismaClient, plan: Plan = 'pro') {
  const project = await makeProject(prisma, { plan });
  const accountId = project.accountId;
  const users = {
    owner: await makeUser(prisma, accountId, 'owner'),
    admin: await makeUser(prisma, accountId, 'admin'),
    member: await makeUser(prisma, accountId, 'member'),
    read_only: await makeUser(prisma, accountId, 'read_only'),
  };
  return { project, accountId, users };
}

/** A signed-in client for each role of the team. */
export type Team = Awaited<ReturnType<typeof makeTeam>>;

export async function signedInClients(baseUrl: string, team: Team): Promise<Record<Role, WebClient>> {
  const out = {} as Record<Role, WebClient>;
  for (const role of ['owner', 'admin', 'member', 'read_only'] as const) {
    out[role] = new WebClient(baseUrl);
    await out[role].signIn(team.users[role].email, TEST_PASSWORD);
  }
  return out;
}

/** The web tests' start: an api (with `env`), a team, and a signed-in client per role. */
export async function startWebTeam(env: Record<string, string> = {}): Promise<{ h: Harness; team: Team; as: Record<Role, WebClient> }> {
  const h = await startHarness(env);
  const team = await makeTeam(h.prisma);
  return { h, team, as: await signedInClients(h.api.url, team) };
}
