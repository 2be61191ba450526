import type pg from 'pg';

/** How an API key is named where people read it (an acknowledgement's "by"): its name, else its prefix. */
export async function apiKeyLabel(pool: pg.Pool, keyId: string): Promise<string> {
  const { rows } = await pool.query<{ name: string | null; prefix: string }>('SELECT name, prefix FROM api_keys WHERE id = $1', [keyId]);
  const key = rows[0];
  if (!key) return 'API key';
  return key.name ? `API key ${key.name}` : `API key ${key.prefix}…`;
}
