-- Issue 36: an event done in a project records it, so a project's API key reads that project's
-- events only (docs/api.md, "the audit log"). A nullable column without a default changes the
-- catalog only: give up fast rather than queue behind traffic for its short lock (the migrate
-- script retries). Its index is built concurrently by the next migration.
BEGIN;
SET LOCAL lock_timeout = '50ms';

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN "project_id" UUID;

COMMIT;
