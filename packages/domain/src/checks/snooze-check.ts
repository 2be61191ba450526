import { isValidTimeZone, MAX_TIME_ZONE_LENGTH, SNOOZE_CHOICES, snoozeEnd, type SnoozeChoice } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { Joi } from '@upmon/bounded-joi';
import type pg from 'pg';
import { apiKeyLabel } from '../api-keys/api-key-label.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import type { SnoozeInput as SnoozeBody } from '../generated/request-bodies.js';
import type { ProjectScope } from '../project-scope.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { checkTarget } from './create-check.js';

/** POST /checks/{uuid}/snooze: how long (docs/notifications.md, "Snooze"). */
export const snoozeSchema = Joi.object({
  duration: Joi.string()
    .valid(...SNOOZE_CHOICES)
    .required()
    .description('1h, 4h, tomorrow_0900 (the next calendar day at 09:00 in `tz`), or until_recovery (until the check next recovers)')
    .messages({ 'any.only': `must be one of ${SNOOZE_CHOICES.join(', ')}`, 'any.required': 'is required' }),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).description("tomorrow_0900 only: the IANA zone whose 09:00 is meant (default: the check's zone)"),
});

export interface SnoozeInput {
  duration: SnoozeChoice;
  tz: string | null;
}

/** The snooze body, validated; an unknown zone is a 422 naming `tz`. */
export function validateSnoozeInput(body: Record<string, unknown>): SnoozeInput {
  const { error, value } = snoozeSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  const v = value as SnoozeBody;
  if (!errors.tz && v.tz !== undefined && !isValidTimeZone(v.tz))
    addFieldError(errors, 'tz', 'is not a time zone we know (use an IANA name such as Europe/Berlin)');
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return { duration: v.duration, tz: v.tz ?? null };
}

export interface SnoozeDeps {
  prisma: PrismaClient;
  pool: pg.Pool;
}

/** How the snooze's author is named on the check (as the audit log names them). */
async function snoozedBy(deps: SnoozeDeps, auth: ProjectScope): Promise<string> {
  const { actor } = auth;
  if (actor.kind === 'user') return actor.email;
  if (actor.kind === 'api_key') return apiKeyLabel(deps.pool, actor.apiKeyId);
  return actor.kind === 'operator' ? 'operator' : actor.label;
}

const SNOOZED_BY_MAX = 200;

/**
 * Snoozes a check (docs/notifications.md, "Snooze"): its notifications are muted until the end
 * chosen, its monitoring goes on. A new snooze replaces the one in force. Audit-logged with its end.
 * Returns the end (null: until the check recovers).
 */
export async function snoozeCheck(deps: SnoozeDeps, auth: ProjectScope, checkId: string, input: SnoozeInput, now: Date): Promise<Date | null> {
  const check = await deps.prisma.check.findFirst({ where: { id: checkId, projectId: auth.projectId }, select: { id: true, name: true, tz: true } });
  if (!check) throw ApiError.notFound('check not found');
  const until = snoozeEnd(input.duration, now, input.tz ?? check.tz);
  const by = (await snoozedBy(deps, auth)).slice(0, SNOOZED_BY_MAX);
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.check.updateMany({
      where: { id: checkId, projectId: auth.projectId },
      data: { snoozedAt: now, snoozedUntil: until, snoozedBy: by },
    });
    if (count === 0) throw ApiError.notFound('check not found');
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'check.snooze',
      target: `${checkTarget(check)} until ${until ? until.toISOString() : 'it recovers'}`,
    });
  });
  return until;
}

/** Ends a check's snooze now (one tap on the check page, or DELETE in the API); nothing to end is not an error. */
export async function endSnooze(deps: SnoozeDeps, auth: ProjectScope, checkId: string): Promise<void> {
  const check = await deps.prisma.check.findFirst({ where: { id: checkId, projectId: auth.projectId }, select: { id: true, name: true } });
  if (!check) throw ApiError.notFound('check not found');
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.check.updateMany({
      where: { id: checkId, projectId: auth.projectId, snoozedAt: { not: null } },
      data: { snoozedAt: null, snoozedUntil: null, snoozedBy: null },
    });
    if (count > 0)
      await recordAuditEvent(tx, {
        accountId: auth.accountId,
        projectId: auth.projectId,
        actor: auth.actor,
        action: 'check.unsnooze',
        target: checkTarget(check),
      });
  });
}
