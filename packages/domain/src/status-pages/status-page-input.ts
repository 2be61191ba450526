import { ApiError } from '../errors.js';
import type { StatusPageBody } from '../generated/request-bodies.js';
import { Joi } from '@upmon/bounded-joi';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { displayName } from '../validation/display-name.js';

/** Limits of a status page (docs/api.md, "Status page"): what one page can render quickly. */
export const STATUS_PAGE_LIMITS = { titleMax: 100, groupNameMax: 100, groups: 20, checks: 100 } as const;

export const statusPageSchema = Joi.object({
  title: displayName(STATUS_PAGE_LIMITS.titleMax).required(),
  enabled: Joi.boolean().default(false).description('Off: the public URL answers 404'),
  groups: Joi.array()
    .items(
      Joi.object({
        name: displayName(STATUS_PAGE_LIMITS.groupNameMax).min(0).required().description('Its heading on the page; empty: its checks are listed without one'),
        checks: Joi.array().items(Joi.string().max(36).guid()).max(STATUS_PAGE_LIMITS.checks).unique().required().description('Check uuids in the order shown'),
      }),
    )
    .max(STATUS_PAGE_LIMITS.groups)
    .required(),
});

export type StatusPageInput = StatusPageBody;
/** A group: its name and the check uuids in the order shown. */
export type StatusPageGroupInput = StatusPageBody['groups'][number];

/**
 * A whole status page (PUT replaces it). Beyond the shape: a check appears at most once on the
 * page and the page holds at most STATUS_PAGE_LIMITS.checks checks. Whether the checks belong to
 * the project is the service's to check.
 */
export function validateStatusPageInput(body: Record<string, unknown>): StatusPageInput {
  const { error, value } = statusPageSchema.validate(body, BODY_OPTIONS);
  const errors = fieldErrorsOf(error);
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const input = value as StatusPageInput;
  if (input.title.trim() === '') (errors.title ??= []).push('must not be blank');
  const seen = new Set<string>();
  input.groups.forEach((g, gi) =>
    g.checks.forEach((id, ci) => {
      const key = id.toLowerCase();
      if (seen.has(key)) (errors[`groups.${gi}.checks.${ci}`] ??= []).push('is already on the page');
      seen.add(key);
    }),
  );
  if (seen.size > STATUS_PAGE_LIMITS.checks) (errors.groups ??= []).push(`must hold at most ${STATUS_PAGE_LIMITS.checks} checks in all`);
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return {
    title: input.title.trim(),
    enabled: input.enabled,
    groups: input.groups.map((g) => ({ name: g.name.trim(), checks: g.checks.map((c) => c.toLowerCase()) })),
  };
}
