#!/usr/bin/env node
// Creates the database named in DATABASE_URL if it does not exist yet (connects to the server's
// `postgres` database to do it). Used by `pnpm start` and .ci/run.
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const client = new pg.Client({ connectionString: adminUrl.toString() });
try {
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    console.log(`created database ${name}`);
  }
} catch (err) {
  console.error(`cannot reach PostgreSQL at ${target.host}: ${err.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
