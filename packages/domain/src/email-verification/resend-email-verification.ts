import { AAD, type Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { issueEmailVerification } from './email-verification-token.js';
import type { VerificationMail } from './send-verification-mail.js';

/**
 * A new verification link for an e-mail integration whose address is not verified yet (the
 * earlier link was lost or expired); the earlier link stops working. `beforeMail` spends one of
 * the account's verification mails (it throws when none is left). Returns the mail to send after
 * commit.
 */
export async function resendEmailVerification(
  prisma: PrismaClient,
  cipher: Cipher,
  scope: ProjectScope,
  id: number,
  opts: { now: Date; beforeMail: () => Promise<void> },
): Promise<VerificationMail> {
  const row = await prisma.integration.findFirst({
    where: { id, projectId: scope.projectId },
    select: { kind: true, name: true, config: true, emailVerifiedAt: true },
  });
  if (!row) throw ApiError.notFound('integration not found');
  if (row.kind !== 'email') throw new ApiError('conflict', `only e-mail integrations are verified; this one is ${row.kind}`);
  if (row.emailVerifiedAt !== null) throw new ApiError('conflict', 'this address is already verified');
  await opts.beforeMail();
  const issue = issueEmailVerification(opts.now);
  await prisma.integration.update({ where: { id }, data: issue.columns });
  const to = cipher.decryptJson<{ email: string }>(row.config, AAD.integrationConfig(id)).email;
  return { integrationId: id, integrationName: row.name, to, token: issue.token, expiresAt: issue.expiresAt };
}
