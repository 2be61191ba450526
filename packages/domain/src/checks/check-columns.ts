import { splitHttpConfig } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { Prisma } from '@upmon/db';
import type { CheckInput } from './check-input.js';

/** http_config → its plain settings and its encrypted credentials (url, headers, basic_auth). */
function httpConfigColumns(input: CheckInput, cipher: Cipher, checkId: string) {
  if (input.kind !== 'http' || !input.http_config) return {};
  const { settings, secrets } = splitHttpConfig({ ...input.http_config });
  return { httpConfig: settings as Prisma.InputJsonValue, httpSecrets: new Uint8Array(cipher.encryptJson(secrets, AAD.checkHttpSecrets(checkId))) };
}

/**
 * Validated input → the checks columns it sets (everything but kind/slug, which only create sets).
 * `checkId`: the row the encrypted credentials are bound to.
 */
export function checkInputColumns(input: CheckInput, cipher: Cipher, checkId: string) {
  const s = input.schedule;
  return {
    name: input.name,
    description: input.description ?? null,
    tags: input.tags,
    tz: input.tz,
    graceSec: input.grace_sec,
    minRunSec: input.kind === 'heartbeat' ? (input.min_run_sec ?? null) : null,
    scheduleKind: s.kind,
    periodSec: s.kind === 'period' ? (s.period_sec as number) : null,
    cron: s.kind === 'cron' ? (s.cron as string) : null,
    oncalendar: s.kind === 'oncalendar' ? (s.oncalendar as string) : null,
    ...httpConfigColumns(input, cipher, checkId),
  };
}

/**
 * An explicit integration assignment (the Healthchecks-compatible API's `channels`) → its columns:
 * a list of integration ids (possibly empty: notify nobody), or null for the integrations' tags
 * rule. Undefined leaves the assignment as it is.
 */
/**
 * Settings only the Healthchecks-compatible API sets (upmon's own check input has neither): the
 * grace its client asked for when upmon watches with less (reported back so its requests
 * round-trip), and POST-only pings (docs/healthchecks.md).
 */
export interface HealthchecksSettings {
  hcGraceSec: number | null;
  postOnly: boolean;
}

/** The columns of HealthchecksSettings; undefined keeps them. */
export function healthchecksSettingsColumns(s: HealthchecksSettings | undefined) {
  return s === undefined ? {} : { hcGraceSec: s.hcGraceSec, postOnly: s.postOnly };
}

export function integrationAssignmentColumns(integrationIds: number[] | null | undefined) {
  if (integrationIds === undefined) return {};
  return { integrationsExplicit: integrationIds !== null, integrationIds: integrationIds ?? [] };
}
