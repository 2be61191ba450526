import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// Prisma runs on its bundled WASM engines through the pg driver adapter: nothing is downloaded.
// See ../../docs/database.md.
const connectionString = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  // UPMON_MIGRATIONS_DIR: only for the tests of scripts/migrate.mjs, which add a migration of their own.
  migrations: { path: process.env.UPMON_MIGRATIONS_DIR ?? 'prisma/migrations' },
  adapter: async () => new PrismaPg({ connectionString }),
});
