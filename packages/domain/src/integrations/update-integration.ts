import { AAD, type Cipher } from '@upmon/crypto';
import type { Integration, PrismaClient } from '@upmon/db';
import { ApiError, type FieldErrors } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { INTEGRATION_ROW_SELECT, type IntegrationRow } from './integration-presenter.js';
import { validateIntegrationInput } from './integration-input.js';
import { mergeFieldErrors } from '../validation/joi-errors.js';
import { issueEmailVerification, type EmailVerificationIssue } from '../email-verification/email-verification-token.js';
import { integrationInputColumns } from './integration-columns.js';

/** A stored integration in the shape of a request body, its config decrypted (a PATCH is merged onto it). */
export function storedIntegrationBody(row: Integration, cipher: Cipher) {
  return {
    kind: row.kind,
    name: row.name,
    events: row.events,
    tags: row.tags,
    enabled: row.enabled,
    quiet_hours: row.quietHours,
    reminders: row.reminders,
    flapping: row.flapMaxChanges === null ? null : { max_changes: row.flapMaxChanges, window_minutes: row.flapWindowMin },
    escalate_after_min: row.escalateAfterMin ?? 0,
    config: cipher.decryptJson<Record<string, unknown>>(row.config, AAD.integrationConfig(row.id)),
  };
}

export interface UpdatedIntegration {
  row: IntegrationRow;
  /** Set when a new verification link is to be mailed (e-mail integrations). */
  emailVerification?: EmailVerificationIssue & { to: string };
}

/**
 * PATCH: partial, validated on the merged result. `config`, when given, replaces the stored one
 * (it is never returned, so there is nothing to merge into). The kind cannot change: 422.
 * E-mail: a new address is unverified until its own link is opened; a `config` with the same,
 * still unverified address issues a new link (the way to get one after the last expired).
 * `beforeVerificationMail` runs first (the mail budget: it may refuse with a 429).
 */
export async function updateIntegration(
  prisma: PrismaClient,
  cipher: Cipher,
  auth: ProjectScope,
  id: number,
  body: Record<string, unknown>,
  /** codeKey: monitoring as code, the key it is applied under; undefined keeps it. */
  opts: { now: Date; beforeVerificationMail: () => Promise<void>; codeKey?: string; beforeWrite?: (row: Integration) => void },
): Promise<UpdatedIntegration> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM integrations WHERE id = ${id} AND project_id = ${auth.projectId}::uuid FOR UPDATE`;
    if (rows.length === 0) throw ApiError.notFound('integration not found');
    const row = await tx.integration.findUniqueOrThrow({ where: { id } });
    opts.beforeWrite?.(row);
    const errors: FieldErrors = {};
    if (body.kind !== undefined && body.kind !== row.kind) errors.kind = ['cannot be changed; create a new integration instead'];
    const stored = storedIntegrationBody(row, cipher);
    let input;
    try {
      input = validateIntegrationInput({ ...stored, ...body, kind: row.kind });
    } catch (err) {
      if (!(err instanceof ApiError) || !err.options.errors) throw err;
      throw ApiError.validation(mergeFieldErrors(errors, err.options.errors));
    }
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    let emailVerification: UpdatedIntegration['emailVerification'];
    if (row.kind === 'email' && body.config !== undefined) {
      const to = (input.config as { email: string }).email;
      if (to !== stored.config.email || row.emailVerifiedAt === null) {
        await opts.beforeVerificationMail();
        emailVerification = { ...issueEmailVerification(opts.now), to };
      }
    }
    const updated = await tx.integration.update({
      where: { id },
      data: { ...integrationInputColumns(input, cipher, id), ...emailVerification?.columns, ...(opts.codeKey !== undefined ? { codeKey: opts.codeKey } : {}) },
      select: INTEGRATION_ROW_SELECT,
    });
    return { row: updated, emailVerification };
  });
}
