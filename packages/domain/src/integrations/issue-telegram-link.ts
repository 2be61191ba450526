import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { INTEGRATION_ROW_SELECT, type IntegrationRow } from './integration-presenter.js';
import { newTelegramLink, type TelegramLinkSettings } from './telegram-link.js';

/**
 * POST /integrations/{id}/telegram-link: a new one-time link for a telegram integration, replacing
 * the previous one (unused or expired; it stops working). A chat already linked stays linked
 * until someone opens the new link.
 */
export async function issueTelegramLink(
  prisma: PrismaClient,
  telegram: TelegramLinkSettings,
  scope: ProjectScope,
  id: number,
  now: Date,
): Promise<{ row: IntegrationRow; telegramDeepLink: string }> {
  const found = await prisma.integration.findFirst({ where: { id, projectId: scope.projectId }, select: { kind: true } });
  if (!found) throw ApiError.notFound('integration not found');
  if (found.kind !== 'telegram') throw new ApiError('conflict', `only telegram integrations have a link; this one is ${found.kind}`);
  const link = newTelegramLink(telegram, now);
  const row = await prisma.integration.update({ where: { id }, data: link.columns, select: INTEGRATION_ROW_SELECT });
  return { row, telegramDeepLink: link.deepLink };
}
