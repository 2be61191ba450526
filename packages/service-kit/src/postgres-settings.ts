import type { Logger } from '@upmon/logger';

/** A row of pg_settings: the value in its unit (shared_buffers in 8 kB pages, max_wal_size in MB). */
export interface PgSetting {
  name: string;
  setting: string;
  unit: string | null;
}

/** The settings read at start (docs/operations.md, "PostgreSQL settings and what they are worth"). */
export const CHECKED_SETTINGS = ['autovacuum', 'track_counts', 'shared_buffers', 'synchronous_commit', 'fsync', 'max_wal_size'] as const;

const MB = 1024 * 1024;
const UNIT_BYTES: Record<string, number> = { B: 1, kB: 1024, '8kB': 8192, MB, GB: 1024 * MB };

/** Bytes of a setting whose unit is a size, else null. */
function bytesOf(s: PgSetting): number | null {
  const unit = s.unit === null ? undefined : UNIT_BYTES[s.unit];
  return unit === undefined ? null : Number(s.setting) * unit;
}

const MIN_SHARED_BUFFERS = 256 * MB;
const MIN_MAX_WAL_SIZE = 1024 * MB;

/**
 * What is wrong with `settings` for upmon's load, each as "<name> = <value> (<why>)"; empty when
 * nothing is. Pure: the caller reads pg_settings. Every ping updates its check and inserts a row,
 * so vacuum, the buffer cache and checkpoints set the rate one PostgreSQL can hold.
 */
export function postgresSettingProblems(settings: PgSetting[]): string[] {
  const by = new Map(settings.map((s) => [s.name, s]));
  const problems: string[] = [];
  const is = (name: string, value: string) => by.get(name)?.setting === value;
  if (is('autovacuum', 'off')) problems.push('autovacuum = off (dead rows of checks and pings are never reclaimed: every ping leaves one)');
  if (is('track_counts', 'off')) problems.push('track_counts = off (autovacuum cannot tell which tables need it)');
  const buffers = by.get('shared_buffers');
  const bufferBytes = buffers ? bytesOf(buffers) : null;
  if (bufferBytes !== null && bufferBytes < MIN_SHARED_BUFFERS)
    problems.push(
      `shared_buffers = ${Math.round(bufferBytes / MB)}MB (below 256MB: the checks table and its indexes do not stay cached; give it about 25% of the server's memory)`,
    );
  const wal = by.get('max_wal_size');
  const walBytes = wal ? bytesOf(wal) : null;
  if (walBytes !== null && walBytes < MIN_MAX_WAL_SIZE)
    problems.push(
      `max_wal_size = ${Math.round(walBytes / MB)}MB (below 1GB: checkpoints come often, and each page's first change after one writes the whole page to the WAL)`,
    );
  if (is('synchronous_commit', 'off'))
    problems.push('synchronous_commit = off (a ping answered OK may be lost in a crash: upmon answers after the commit is durable)');
  if (is('fsync', 'off')) problems.push('fsync = off (a crash can corrupt the database)');
  return problems;
}

/**
 * Reads the settings and logs one warning naming every problem (none when all is well). A
 * failed read is logged at debug and ignored: the check must never stop a service from starting.
 */
export async function warnAboutPostgresSettings(
  pool: { query(sql: string, values: unknown[]): Promise<{ rows: PgSetting[] }> },
  logger: Logger,
): Promise<void> {
  try {
    const { rows } = await pool.query('SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1::text[])', [CHECKED_SETTINGS]);
    const problems = postgresSettingProblems(rows);
    if (problems.length > 0)
      logger.warn({ settings: problems }, `PostgreSQL settings that cost throughput or durability (docs/operations.md): ${problems.join('; ')}`);
  } catch (err) {
    logger.debug({ reason: (err as Error).message }, 'could not read PostgreSQL settings');
  }
}
