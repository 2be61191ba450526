import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { CHANNEL_KINDS, secretFields } from '@upmon/channels';
import { isProbedKind } from '@upmon/core';
import { PROBE_KINDS } from '@upmon/probes';
import { ApiError, type FieldErrors } from '../errors.js';
import { validateCheckInput } from '../checks/check-input.js';
import { validateIntegrationInput } from '../integrations/integration-input.js';
import { SLUG_PATTERN } from '../checks/check-input.js';

/**
 * Monitoring as code (docs/monitoring-as-code.md): a check or an integration in the one shape the
 * files, the plan and the export share. Every default is filled in by the API's own validators, so
 * a file that leaves a default out and the stored resource compare equal; references to other
 * resources are their keys.
 */
export type CodeForm = Record<string, unknown>;

/** A resource key: what a user names a check or integration by in the files (the slug's pattern). */
export const CODE_KEY_PATTERN = SLUG_PATTERN;

/** The resource kinds the files describe, in the order an apply writes them (integrations are referred to by checks). */
export const CODE_RESOURCE_TYPES = ['integration', 'check'] as const;
export type CodeResourceType = (typeof CODE_RESOURCE_TYPES)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field errors of a nested validation, each field prefixed (`checks.api.grace_sec`). */
export function prefixFieldErrors(prefix: string, err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.options.errors) throw err;
  return Object.fromEntries(Object.entries(err.options.errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));
}

/**
 * A check body (from a file, or a stored check made a body) → its code form: the API's validation
 * with its defaults, the zone on the check only, fields of other kinds left out. `depends_on` and
 * `integrations` are keys and are only sorted here (their existence is the caller's concern).
 * Throws ApiError 422 with the check's field errors.
 */
export function checkCodeForm(body: Record<string, unknown>): CodeForm {
  const { depends_on: dependsOn, integrations, slug, ...rest } = body;
  const input = validateCheckInput(rest);
  const kind: string = input.kind;
  const configField = isProbedKind(kind) ? PROBE_KINDS[kind].configField : null;
  const form: CodeForm = {
    name: input.name,
    kind: input.kind,
    slug: typeof slug === 'string' ? slug : null,
    description: input.description === '' || input.description === undefined ? null : input.description,
    tags: [...input.tags].sort(),
    tz: input.tz,
    grace_sec: input.grace_sec,
    schedule: input.schedule,
  };
  if (configField) {
    Object.assign(form, { locations: [...(input.locations ?? [])].sort(), quorum: input.quorum ?? null });
    form[configField] = (input as unknown as Record<string, unknown>)[configField];
  } else form.min_run_sec = input.min_run_sec ?? null;
  form.depends_on = Array.isArray(dependsOn) ? [...(dependsOn as string[])].sort() : [];
  form.integrations = Array.isArray(integrations) ? [...(integrations as string[])].sort() : null;
  return form;
}

/** An integration body → its code form (the API's validation with its defaults). Throws ApiError 422. */
export function integrationCodeForm(body: Record<string, unknown>): CodeForm {
  const input = validateIntegrationInput(body);
  return {
    name: input.name,
    kind: input.kind,
    enabled: input.enabled,
    events: [...input.events].sort(),
    tags: input.tags ? [...input.tags].sort() : null,
    quiet_hours: input.quiet_hours ?? null,
    reminders: input.reminders ? [...input.reminders].sort((a, b) => a - b) : null,
    flapping: input.flapping ?? null,
    escalate_after_min: input.escalate_after_min ?? 0,
    config: input.config,
  };
}

/**
 * The fields of a form that hold credentials, as dotted paths: a probed check's secret config
 * fields (its probe kind's registry) and an integration's secret config fields (its channel
 * kind's). The plan shows their changes without values and the export writes them as `${VAR}`.
 */
export function secretPaths(type: CodeResourceType, kind: string): string[] {
  if (type === 'check') {
    if (!isProbedKind(kind)) return [];
    const k = PROBE_KINDS[kind];
    return k.secretFields.map((f) => `${k.configField}.${f}`);
  }
  const channel = CHANNEL_KINDS.find((c) => c.kind === kind);
  return channel ? secretFields(channel).map((f) => `config.${f}`) : [];
}

const isUnder = (path: string, roots: readonly string[]) => roots.some((r) => path === r || path.startsWith(`${r}.`));

/** One field that differs: its dotted path and both values (undefined = absent); a secret's values are never given. */
export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
  secret?: true;
}

/** The fields in which two forms differ, descending into objects (arrays compare whole), secrets without their values. */
export function diffForms(live: CodeForm | null, desired: CodeForm | null, secrets: readonly string[]): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isDeepStrictEqual(a, b)) return;
    // An object added or removed (a create, a delete, quiet hours set) is shown field by field too,
    // so a credential inside it is never shown whole.
    const absent = (v: unknown) => v === undefined || v === null;
    if ((isObject(a) || absent(a)) && (isObject(b) || absent(b)) && (isObject(a) || isObject(b))) {
      const x = isObject(a) ? a : {};
      const y = isObject(b) ? b : {};
      for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) walk(x[k], y[k], path ? `${path}.${k}` : k);
      return;
    }
    changes.push(isUnder(path, secrets) ? { field: path, secret: true } : { field: path, from: a, to: b });
  };
  walk(live ?? {}, desired ?? {}, '');
  return changes;
}

/** A copy of a form with every string under a secret path replaced by `replace(path)`. */
export function mapSecrets(form: CodeForm, secrets: readonly string[], replace: (path: string) => string): CodeForm {
  const walk = (v: unknown, path: string): unknown => {
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    if (typeof v === 'string' && isUnder(path, secrets)) return replace(path);
    return v;
  };
  return walk(form, '') as CodeForm;
}

/**
 * A resource's entity tag for If-Match: a digest of its id, its form with the credentials left
 * out, and the ciphertext that holds them (re-sealed with a fresh nonce on every write), so a tag
 * changes with every edit and says nothing about a secret.
 */
export function codeEtag(id: string | number, form: CodeForm, secrets: readonly string[], sealed: readonly (Uint8Array | null)[]): string {
  const hash = createHash('sha256').update(JSON.stringify([String(id), mapSecrets(form, secrets, () => '')]));
  for (const s of sealed) hash.update(s ? Buffer.from(s) : Buffer.alloc(0)).update('|');
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}
