-- Issue 36: an event done in a project records it, so a project's API key reads that project's
-- events only (docs/api.md, "the audit log"). A nullable column without a default changes the
-- catalog only: give up fast rather than queue behind traffic for its short lock.
SET lock_timeout = '5s';

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN "project_id" UUID;

-- CreateIndex, without blocking writes (the runner sends each statement on its own, outside a transaction).
CREATE INDEX CONCURRENTLY "audit_events_project_id_id_idx" ON "audit_events"("project_id", "id" DESC);
