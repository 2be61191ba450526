-- One resource per key and project. Partial: only checks applied from code carry a key, so pings of
-- every other check never write this index (Prisma cannot express partial indexes).
DROP INDEX CONCURRENTLY IF EXISTS "checks_project_id_code_key_key";
CREATE UNIQUE INDEX CONCURRENTLY "checks_project_id_code_key_key" ON "checks"("project_id", "code_key") WHERE "code_key" IS NOT NULL;
DROP INDEX CONCURRENTLY IF EXISTS "integrations_project_id_code_key_key";
CREATE UNIQUE INDEX CONCURRENTLY "integrations_project_id_code_key_key" ON "integrations"("project_id", "code_key") WHERE "code_key" IS NOT NULL;
