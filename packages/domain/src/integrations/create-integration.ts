import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { ProjectScope } from '../project-scope.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { integrationTarget } from './delete-integration.js';
import { INTEGRATION_ROW_SELECT, type IntegrationRow } from './integration-presenter.js';
import type { IntegrationInput } from './integration-input.js';
import { issueEmailVerification, type EmailVerificationIssue } from '../email-verification/email-verification-token.js';
import { integrationInputColumns } from './integration-columns.js';
import { newTelegramLink, type TelegramLinkSettings } from './telegram-link.js';

export interface CreatedIntegration {
  row: IntegrationRow;
  /** Only for kind telegram: `{link base}/{bot}?start=<one-time token>`. */
  telegramDeepLink?: string;
  /** Only for kind email: the link to mail to the address `to` (it starts unverified). */
  emailVerification?: EmailVerificationIssue & { to: string };
}

/**
 * Creates an integration with its config encrypted. A telegram integration gets a one-time link
 * token valid for 24 hours: only its SHA-256 is stored (the bot webhook hashes the `/start <token>`
 * it receives). An e-mail integration starts unverified with a one-time verification token,
 * stored the same way.
 */
export async function createIntegration(
  prisma: PrismaClient,
  cipher: Cipher,
  telegram: TelegramLinkSettings,
  auth: ProjectScope,
  input: IntegrationInput,
  now: Date,
  /** Monitoring as code: the key the integration is applied under (docs/monitoring-as-code.md). */
  codeKey?: string,
): Promise<CreatedIntegration> {
  const link = input.kind === 'telegram' ? newTelegramLink(telegram, now) : null;
  const emailVerification = input.kind === 'email' ? issueEmailVerification(now) : undefined;
  // The id is drawn before the insert: the encrypted config is bound to it.
  const [{ id } = { id: 0 }] = await prisma.$queryRaw<{ id: number }[]>`SELECT nextval(pg_get_serial_sequence('integrations', 'id'))::int AS id`;
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.integration.create({
      data: {
        id,
        projectId: auth.projectId,
        kind: input.kind,
        codeKey: codeKey ?? null,
        ...integrationInputColumns(input, cipher, id),
        ...link?.columns,
        ...emailVerification?.columns,
      },
      select: INTEGRATION_ROW_SELECT,
    });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'integration.create',
      target: integrationTarget({ id, kind: input.kind, name: created.name }),
    });
    return created;
  });
  // The config of an e-mail integration is its EmailConfig (validated against the kind).
  if (emailVerification) return { row, emailVerification: { ...emailVerification, to: (input.config as { email: string }).email } };
  return link ? { row, telegramDeepLink: link.deepLink } : { row };
}
