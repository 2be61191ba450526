import type { Cipher } from '@upmon/crypto';
import { randomToken, sha256Hex } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { AuthContext } from '../authenticate.js';
import { INTEGRATION_ROW_SELECT, type IntegrationRow } from '../presenters/integration-presenter.js';
import type { IntegrationInput } from '../validation/integration-input.js';
import { integrationInputColumns } from './integration-columns.js';

export interface TelegramLinkSettings {
  linkBase: string;
  botUsername: string;
}

export interface CreatedIntegration {
  row: IntegrationRow;
  /** Only for kind telegram: `{link base}/{bot}?start=<one-time token>`. */
  telegramDeepLink?: string;
}

/**
 * Creates an integration with its config encrypted. A telegram integration gets a one-time link
 * token: only its SHA-256 is stored (the bot webhook hashes the `/start <token>` it receives).
 */
export async function createIntegration(
  prisma: PrismaClient,
  cipher: Cipher,
  telegram: TelegramLinkSettings,
  auth: AuthContext,
  input: IntegrationInput,
): Promise<CreatedIntegration> {
  const token = input.kind === 'telegram' ? randomToken(24) : null;
  const row = await prisma.integration.create({
    data: {
      projectId: auth.projectId,
      kind: input.kind,
      ...integrationInputColumns(input, cipher),
      telegramLinkTokenHash: token ? sha256Hex(token) : null,
    },
    select: INTEGRATION_ROW_SELECT,
  });
  if (!token) return { row };
  return { row, telegramDeepLink: `${telegram.linkBase}/${telegram.botUsername}?start=${token}` };
}
