import { INCIDENT_MESSAGE_MAX } from '@upmon/core';
import { Joi } from '@upmon/bounded-joi';
import type { ObjectSchema } from 'joi';
import { ApiError } from '../errors.js';
import type { IncidentBody, IncidentPatchBody, IncidentUpdateBody, IncidentUpdateEditBody } from '../generated/request-bodies.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { displayName } from '../validation/display-name.js';

/** Limits of incidents (docs/api.md, "Incidents"): what one status page can show quickly. */
export const INCIDENT_LIMITS = {
  titleMax: 200,
  /** Components per incident. */
  components: 50,
  /** Updates per incident. */
  updates: 100,
  /** Incidents of a page that are not resolved. */
  open: 20,
  messageMax: INCIDENT_MESSAGE_MAX,
} as const;

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const INCIDENT_IMPACTS = ['degraded_performance', 'partial_outage', 'major_outage'] as const;

const state = Joi.string()
  .valid(...INCIDENT_STATES)
  .description('investigating, identified, monitoring or resolved');

const message = Joi.string()
  .min(1)
  .max(INCIDENT_LIMITS.messageMax)
  .description(
    'What is going on, for the public page: paragraphs, - or 1. lists, *emphasis*, **strong** and [links](https://…) (http, https, mailto); anything else is shown as typed',
  );

const components = Joi.array()
  .items(
    Joi.object({
      check: Joi.string().max(36).guid().description('A check shown on the status page (uuid)'),
      group: displayName(100).description('Or a named group of the status page, by its name'),
      impact: Joi.string()
        .valid(...INCIDENT_IMPACTS)
        .required()
        .description('degraded_performance, partial_outage or major_outage'),
    })
      .xor('check', 'group')
      .description('Exactly one of check or group, with its impact'),
  )
  .max(INCIDENT_LIMITS.components)
  .description('What the incident affects, each a check or a group of the page with its impact');

export const incidentSchema = Joi.object({
  title: displayName(INCIDENT_LIMITS.titleMax).required(),
  state: state.default('investigating'),
  message: message.required().description('The first update'),
  components: components.default([]),
});

export const incidentPatchSchema = Joi.object({
  title: displayName(INCIDENT_LIMITS.titleMax),
  components: components.description('Replaces the affected components as a whole'),
});

export const incidentUpdateSchema = Joi.object({
  state: state.required(),
  message: message.required(),
});

export const incidentUpdateEditSchema = Joi.object({
  message: message.required(),
});

export type IncidentInput = IncidentBody;
export type IncidentPatchInput = IncidentPatchBody;
export type IncidentComponentInput = IncidentBody['components'][number];
export type IncidentUpdateInput = IncidentUpdateBody;
export type IncidentUpdateEditInput = IncidentUpdateEditBody;

function validated<T>(schema: ObjectSchema, body: Record<string, unknown>, blank: string[]): T {
  const { error, value } = schema.validate(body, BODY_OPTIONS);
  const errors = fieldErrorsOf(error);
  const v = value as Record<string, unknown>;
  for (const field of blank) {
    if (typeof v[field] === 'string' && (v[field] as string).trim() === '' && !errors[field]) (errors[field] ??= []).push('must not be blank');
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  if (typeof v.title === 'string') v.title = v.title.trim();
  if (Array.isArray(v.components)) {
    v.components = (v.components as IncidentComponentInput[]).map((c) =>
      c.check !== undefined ? { check: c.check.toLowerCase(), impact: c.impact } : { group: (c.group as string).trim(), impact: c.impact },
    );
  }
  return v as T;
}

/** A new incident: title, state (default investigating), the first update's message, components. 422 naming each field. */
export function validateIncidentInput(body: Record<string, unknown>): IncidentInput {
  return validated<IncidentInput>(incidentSchema, body, ['title', 'message']);
}

/** A change of an incident's title or components (both optional). */
export function validateIncidentPatch(body: Record<string, unknown>): IncidentPatchInput {
  return validated<IncidentPatchInput>(incidentPatchSchema, body, ['title']);
}

/** A new update: its state and message. */
export function validateIncidentUpdate(body: Record<string, unknown>): IncidentUpdateInput {
  return validated<IncidentUpdateInput>(incidentUpdateSchema, body, ['message']);
}

/** An update's new message. */
export function validateIncidentUpdateEdit(body: Record<string, unknown>): IncidentUpdateEditInput {
  return validated<IncidentUpdateEditInput>(incidentUpdateEditSchema, body, ['message']);
}
