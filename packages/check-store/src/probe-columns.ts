import { PROBED_KINDS, type ProbedKind } from '@upmon/core';
import type { Check } from '@upmon/db';

/**
 * Each probed kind's columns in `checks` (Prisma field names): its plain settings
 * (`<kind>_config`) and, for a kind with secret fields, their AES-256-GCM ciphertext
 * (`<kind>_secrets`). One pair per kind rather than one `probe_config` column: docs/probe-checks.md,
 * "Storage". Typed against the Prisma model, so a kind without its columns does not compile; the
 * "every kind" tests (test/probe-columns.test.ts) check the database's enum and that a kind with
 * secret fields has a secrets column.
 */
export const PROBE_COLUMNS = {
  http: { config: 'httpConfig', secrets: 'httpSecrets' },
  tcp: { config: 'tcpConfig', secrets: 'tcpSecrets' },
  dns: { config: 'dnsConfig', secrets: null },
  tls: { config: 'tlsConfig', secrets: null },
} as const satisfies { [K in ProbedKind]: { config: `${K}Config` & keyof Check; secrets: (`${K}Secrets` & keyof Check) | null } };

/** `httpConfig` → `http_config`. */
const sqlName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** SQL: the `<kind>_config` of the row's own kind (null for heartbeats); `alias` names `checks`. */
export function probeSettingsSql(alias: string): string {
  return `CASE ${alias}.kind ${PROBED_KINDS.map((k) => `WHEN '${k}' THEN ${alias}.${sqlName(PROBE_COLUMNS[k].config)}`).join(' ')} END`;
}

/** The `<kind>_secrets` columns (SQL names) of the kinds with secret fields: their readers and key rotation. */
export const PROBE_SECRETS_COLUMNS: readonly { kind: ProbedKind; column: string }[] = PROBED_KINDS.flatMap((kind) => {
  const secrets = PROBE_COLUMNS[kind].secrets;
  return secrets ? [{ kind, column: sqlName(secrets) }] : [];
});

/** SQL: the `<kind>_secrets` of the row's own kind (null for heartbeats and kinds without secret fields). */
export function probeSecretsSql(alias: string): string {
  return `CASE ${alias}.kind ${PROBE_SECRETS_COLUMNS.map((c) => `WHEN '${c.kind}' THEN ${alias}.${c.column}`).join(' ')} END`;
}

/** A Prisma `checks` row's `<kind>_config` (null for heartbeats). */
export function probeSettingsOf(row: Pick<Check, 'kind'> & Partial<Pick<Check, (typeof PROBE_COLUMNS)[ProbedKind]['config']>>): unknown {
  return row.kind === 'heartbeat' ? null : (row[PROBE_COLUMNS[row.kind].config] ?? null);
}
