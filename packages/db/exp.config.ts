import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
const connectionString = process.env.DATABASE_URL!;
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: '/tmp/i37b-exp/pkg/prisma/migrations' },
  adapter: async () => new PrismaPg({ connectionString }),
});
