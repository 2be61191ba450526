import { PROBE_COLUMNS } from '@upmon/check-store';
import { isProbedKind, type ProbedKind } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { Prisma } from '@upmon/db';
import { probeKind, splitConfig } from '@upmon/probes';
import type { CheckInput } from './check-input.js';

type ProbeColumns = (typeof PROBE_COLUMNS)[ProbedKind];

/** Every probed kind's columns, for a `select`: `{ httpConfig: true, httpSecrets: true, … }`. */
export const PROBE_COLUMNS_SELECT = Object.fromEntries(
  Object.values(PROBE_COLUMNS).flatMap((c: ProbeColumns) => [c.config, ...(c.secrets ? [c.secrets] : [])].map((f) => [f, true])),
) as Record<ProbeColumns['config'] | NonNullable<ProbeColumns['secrets']>, true>;

/**
 * `<kind>_config` → its plain settings and its encrypted credentials (the kind's secret fields:
 * http's url, headers and basic_auth; tcp's bytes to send), bound to the check.
 */
function probeConfigColumns(input: CheckInput, cipher: Cipher, checkId: string): Record<string, unknown> {
  if (!isProbedKind(input.kind)) return {};
  const definition = probeKind(input.kind);
  const config = (input as unknown as Record<string, Record<string, unknown> | undefined>)[definition.configField];
  if (!config) return {};
  const { settings, secrets } = splitConfig({ ...config }, definition.secretFields);
  const columns = PROBE_COLUMNS[input.kind];
  const out: Record<string, unknown> = { [columns.config]: settings as Prisma.InputJsonValue };
  if (columns.secrets) {
    // http always had its ciphertext (its url is required); another kind's is null without secrets.
    const sealed = secrets ?? (input.kind === 'http' ? {} : null);
    out[columns.secrets] = sealed ? new Uint8Array(cipher.encryptJson(sealed, AAD.checkProbeSecrets(input.kind, checkId))) : null;
  }
  return out;
}

/** A stored probed check's whole config: its settings joined with its decrypted credentials; null for heartbeats. */
export function storedProbeConfig(
  row: { id: string; kind: string } & Partial<Record<ProbeColumns['config'], unknown>> &
    Partial<Record<NonNullable<ProbeColumns['secrets']>, Uint8Array | null>>,
  cipher: Cipher,
): Record<string, unknown> | null {
  if (!isProbedKind(row.kind)) return null;
  const columns = PROBE_COLUMNS[row.kind];
  const settings = row[columns.config];
  if (!settings) return null;
  const sealed = columns.secrets ? row[columns.secrets] : null;
  const secrets = sealed ? cipher.decryptJson(Buffer.from(sealed), AAD.checkProbeSecrets(row.kind, row.id)) : null;
  return { ...(settings as Record<string, unknown>), ...(secrets as Record<string, unknown> | null) };
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
    locations: input.locations ?? [],
    quorum: input.quorum ?? null,
    scheduleKind: s.kind,
    periodSec: s.kind === 'period' ? (s.period_sec as number) : null,
    cron: s.kind === 'cron' ? (s.cron as string) : null,
    oncalendar: s.kind === 'oncalendar' ? (s.oncalendar as string) : null,
    ...probeConfigColumns(input, cipher, checkId),
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
