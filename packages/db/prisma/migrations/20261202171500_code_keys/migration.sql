-- Issue 43 (monitoring as code): the key a check or integration was applied under from files
-- (docs/monitoring-as-code.md). null = made by hand. Nullable columns without a default change the
-- catalog only: give up fast rather than queue behind traffic (the migrate script retries). Their
-- unique indexes are built concurrently by the next migration.
BEGIN;
SET LOCAL lock_timeout = '50ms';

ALTER TABLE "checks" ADD COLUMN "code_key" TEXT;
ALTER TABLE "integrations" ADD COLUMN "code_key" TEXT;

COMMIT;
