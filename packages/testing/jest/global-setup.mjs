import { ensureTemplateDatabase } from './template-db.mjs';

export default async function globalSetup() {
  process.env.UPMON_TEST_TEMPLATE_DB = await ensureTemplateDatabase();
}
