import { PROBE_SECRETS_COLUMNS } from '@upmon/check-store';
import type { AdminConfig } from '@upmon/config';
import { AAD, createCipher, type Cipher } from '@upmon/crypto';
import { createPgPool } from '@upmon/db';
import { CliError } from './cli-error.js';

type Pool = ReturnType<typeof createPgPool>;

type KeyType = 'bigint' | 'uuid' | 'int' | 'text';

/** One encrypted column: where it is, how its rows are walked, and the AAD each row is bound to. */
interface SealedColumn {
  name: string;
  table: string;
  column: string;
  /** The row's key, walked in this order (default `id`, of idType). */
  key?: { column: string; type: KeyType }[];
  idType?: KeyType;
  /** Selected as `ref`: what the AAD names. */
  ref: string;
  aad: (ref: string) => string;
}

const keyOf = (col: SealedColumn) => col.key ?? [{ column: 'id', type: col.idType ?? 'bigint' }];

const COLUMNS: SealedColumn[] = [
  { name: 'integrations.config', table: 'integrations', column: 'config', idType: 'int', ref: 'id::text', aad: AAD.integrationConfig },
  // Every probe kind's credentials (checks.http_secrets, checks.tcp_secrets…).
  ...PROBE_SECRETS_COLUMNS.map(({ kind, column }): SealedColumn => ({
    name: `checks.${column}`,
    table: 'checks',
    column,
    idType: 'uuid',
    ref: 'id::text',
    aad: (id: string) => AAD.checkProbeSecrets(kind, id),
  })),
  { name: 'pings.body', table: 'pings', column: 'body', idType: 'bigint', ref: 'check_id::text', aad: AAD.pingBody },
  { name: 'flips.cause', table: 'flips', column: 'cause', idType: 'bigint', ref: 'check_id::text', aad: AAD.flipCause },
  // A location's last probe explanation is bound to its check and location (the row's key).
  {
    name: 'check_locations.last_reason',
    table: 'check_locations',
    column: 'last_reason',
    key: [
      { column: 'check_id', type: 'uuid' },
      { column: 'location', type: 'text' },
    ],
    ref: "check_id::text || ' ' || location",
    aad: (ref: string) => AAD.checkLocationReason(ref.slice(0, ref.indexOf(' ')), ref.slice(ref.indexOf(' ') + 1)),
  },
  // A TOTP secret, and one being set up, are bound to their user (the same AAD).
  { name: 'users.totp_secret', table: 'users', column: 'totp_secret', idType: 'uuid', ref: 'id::text', aad: AAD.userTotpSecret },
  { name: 'users.totp_pending_secret', table: 'users', column: 'totp_pending_secret', idType: 'uuid', ref: 'id::text', aad: AAD.userTotpSecret },
  {
    name: 'sso_settings.oidc_client_secret',
    table: 'sso_settings',
    column: 'oidc_client_secret',
    key: [{ column: 'account_id', type: 'uuid' }],
    ref: 'account_id::text',
    aad: AAD.ssoOidcClientSecret,
  },
];

interface SealedRow {
  /** The key's parts as text, in the key's order. */
  id: string[];
  ref: string;
  sealed: Buffer;
}

export interface ColumnReport {
  /** Rows that needed re-encrypting when the run started. */
  to_re_encrypt: number;
  re_encrypted: number;
  /** Rows no configured key opens (or bound elsewhere): left as they are. */
  unreadable: number;
  unreadable_ids: string[];
}

/** `secrets re-encrypt [--batch N]` with the CLI's config; progress lines go to stderr. */
export async function reEncryptSecretsCommand(config: AdminConfig, opts: { batch?: string }) {
  const pool = createPgPool(config.databaseUrl, 2);
  try {
    return await reEncryptSecrets(pool, config.encryptionKeys, opts, (line) => process.stderr.write(`${line}\n`));
  } finally {
    await pool.end();
  }
}

/**
 * `secrets re-encrypt`: rewrites every ciphertext that is not yet layout 2 under the newest key
 * (ENCRYPTION_KEYS' first) with that key and its row's AAD, a batch per transaction-free
 * statement. Resumable: only rows still needing work are selected (by the version byte and key
 * id, in SQL), so a run stopped at any point simply continues when started again. A row changed by
 * a service meanwhile (an edited integration, say) is not overwritten: each update applies only if
 * the row still holds the ciphertext that was read. Services must already run with the new key
 * list, or they would keep writing with the old key.
 */
export async function reEncryptSecrets(
  pool: Pool,
  keys: readonly string[],
  opts: { batch?: string },
  progress: (line: string) => void,
): Promise<{ key_id: string; columns: Record<string, ColumnReport> }> {
  if (keys.length === 0) throw new CliError('set ENCRYPTION_KEYS (newest first) or ENCRYPTION_KEY: secrets re-encrypt needs the keys', 2);
  const batch = opts.batch === undefined ? 500 : Number(opts.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new CliError('--batch must be an integer from 1 to 10000', 2);
  const cipher = createCipher(keys);
  const columns: Record<string, ColumnReport> = {};
  for (const col of COLUMNS) columns[col.name] = await reEncryptColumn(pool, cipher, col, batch, progress);
  return { key_id: cipher.currentKeyId, columns };
}

async function reEncryptColumn(pool: Pool, cipher: Cipher, col: SealedColumn, batch: number, progress: (line: string) => void): Promise<ColumnReport> {
  const keyId = Buffer.from(cipher.currentKeyId, 'hex');
  // Not layout 2 under the newest key: version byte, then the 4-byte key id.
  const stale = `${col.column} IS NOT NULL AND (get_byte(${col.column}, 0) <> 2 OR substring(${col.column} FROM 2 FOR 4) <> $1::bytea)`;
  const { rows: counted } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${col.table} WHERE ${stale}`, [keyId]);
  const report: ColumnReport = { to_re_encrypt: Number(counted[0]?.n ?? 0), re_encrypted: 0, unreadable: 0, unreadable_ids: [] };
  const key = keyOf(col);
  const keyList = key.map((k) => k.column).join(', ');
  // Keyset walk: parameters $2… are the last row's key (NULL before the first batch).
  const after = key.map((k, i) => `$${i + 2}::${k.type}`).join(', ');
  let cursor: (string | null)[] = key.map(() => null);
  for (;;) {
    const { rows }: { rows: SealedRow[] } = await pool.query<SealedRow>(
      `SELECT ARRAY[${key.map((k) => `${k.column}::text`).join(', ')}] AS id, ${col.ref} AS ref, ${col.column} AS sealed FROM ${col.table}
        WHERE ${stale} AND ($2::${key[0]?.type} IS NULL OR (${keyList}) > (${after})) ORDER BY ${keyList} LIMIT $${key.length + 2}`,
      [keyId, ...cursor, batch],
    );
    if (rows.length === 0) break;
    cursor = (rows[rows.length - 1] as SealedRow).id;
    const ids: string[][] = key.map(() => []);
    const fresh: Buffer[] = [];
    const old: Buffer[] = [];
    for (const r of rows) {
      const aad = col.aad(r.ref);
      try {
        fresh.push(cipher.encrypt(cipher.decrypt(r.sealed, aad), aad));
        r.id.forEach((part, i) => ids[i]?.push(part));
        old.push(r.sealed);
      } catch {
        report.unreadable++;
        if (report.unreadable_ids.length < 20) report.unreadable_ids.push(r.id.join(' '));
      }
    }
    if (fresh.length > 0) {
      const n = key.length;
      const { rowCount } = await pool.query(
        `UPDATE ${col.table} t SET ${col.column} = v.fresh
           FROM unnest(${key.map((k, i) => `$${i + 1}::${k.type}[]`).join(', ')}, $${n + 1}::bytea[], $${n + 2}::bytea[])
                AS v(${key.map((_, i) => `k${i}`).join(', ')}, fresh, old)
          WHERE ${key.map((k, i) => `t.${k.column} = v.k${i}`).join(' AND ')} AND t.${col.column} = v.old`,
        [...ids, fresh, old],
      );
      report.re_encrypted += rowCount ?? 0;
    }
    progress(
      `${col.name}: ${report.re_encrypted + report.unreadable} of ${report.to_re_encrypt} done (${report.re_encrypted} re-encrypted, ${report.unreadable} unreadable)`,
    );
  }
  return report;
}
