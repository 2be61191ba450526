import { randomToken } from '@upmon/crypto';
import { Prisma, type PrismaClient } from '@upmon/db';

/**
 * A confirmed sign-up: the user, an account on the free plan with them as owner, and a first
 * project, together; null when the address was registered meanwhile (another link, an invitation:
 * the unique index decides).
 */
export async function createAccount(
  prisma: PrismaClient,
  signUp: { email: string; name: string; passwordHash: string; account: string },
): Promise<{ userId: string; projectId: string } | null> {
  try {
    return await prisma.$transaction(async (tx) => {
      const u = await tx.user.create({ data: { email: signUp.email, name: signUp.name, passwordHash: signUp.passwordHash } });
      const account = await tx.account.create({ data: { name: signUp.account || `${signUp.name}'s account`, plan: 'free' } });
      await tx.membership.create({ data: { accountId: account.id, userId: u.id, role: 'owner' } });
      const project = await tx.project.create({ data: { accountId: account.id, name: 'My first project', pingKey: randomToken(16) } });
      return { userId: u.id, projectId: project.id };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return null;
    throw err;
  }
}
