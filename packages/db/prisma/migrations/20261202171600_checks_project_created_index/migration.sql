-- The keyset order of a project's checks (GET /api/v1/checks, /api/v3/checks/ and their pages): each
-- page reads the next rows after the last one seen through this index instead of sorting every check
-- of the project again. Built without blocking writes, re-runnable after a failed build.
DROP INDEX CONCURRENTLY IF EXISTS "checks_project_id_created_at_id_idx";
CREATE INDEX CONCURRENTLY "checks_project_id_created_at_id_idx" ON "checks"("project_id", "created_at", "id");
