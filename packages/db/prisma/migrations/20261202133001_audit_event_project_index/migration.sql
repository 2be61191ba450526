-- The index a project's API key reads its audit events by, built without blocking writes (the
-- runner sends each statement on its own, outside a transaction), re-runnable after a failed build.
DROP INDEX CONCURRENTLY IF EXISTS "audit_events_project_id_id_idx";
CREATE INDEX CONCURRENTLY "audit_events_project_id_id_idx" ON "audit_events"("project_id", "id" DESC);
