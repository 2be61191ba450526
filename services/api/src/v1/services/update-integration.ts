import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { ApiError, type FieldErrors } from '../../http/api-error.js';
import type { AuthContext } from '../authenticate.js';
import { INTEGRATION_ROW_SELECT, type IntegrationRow } from '../presenters/integration-presenter.js';
import { validateIntegrationInput } from '../validation/integration-input.js';
import { mergeFieldErrors } from '../validation/joi-errors.js';
import { integrationInputColumns } from './integration-columns.js';

/**
 * PATCH: partial, validated on the merged result. `config`, when given, replaces the stored one
 * (it is never returned, so there is nothing to merge into). The kind cannot change: 422.
 */
export async function updateIntegration(
  prisma: PrismaClient,
  cipher: Cipher,
  auth: AuthContext,
  id: number,
  body: Record<string, unknown>,
): Promise<IntegrationRow> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM integrations WHERE id = ${id} AND project_id = ${auth.projectId}::uuid FOR UPDATE`;
    if (rows.length === 0) throw ApiError.notFound('integration not found');
    const row = await tx.integration.findUniqueOrThrow({ where: { id } });
    const errors: FieldErrors = {};
    if (body.kind !== undefined && body.kind !== row.kind) errors.kind = ['cannot be changed; create a new integration instead'];
    const stored = {
      kind: row.kind,
      name: row.name,
      events: row.events,
      tags: row.tags,
      enabled: row.enabled,
      quiet_hours: row.quietHours,
      reminders: row.reminders,
      config: cipher.decryptJson<Record<string, unknown>>(row.config),
    };
    let input;
    try {
      input = validateIntegrationInput({ ...stored, ...body, kind: row.kind });
    } catch (err) {
      if (!(err instanceof ApiError) || !err.options.errors) throw err;
      throw ApiError.validation(mergeFieldErrors(errors, err.options.errors));
    }
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    return tx.integration.update({ where: { id }, data: integrationInputColumns(input, cipher), select: INTEGRATION_ROW_SELECT });
  });
}
