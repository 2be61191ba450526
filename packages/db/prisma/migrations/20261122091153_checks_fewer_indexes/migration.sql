-- DropIndex
DROP INDEX "checks_project_id_created_at_idx";

-- DropIndex
DROP INDEX "checks_next_probe_at_idx";

-- Partial index (written by hand: Prisma cannot express it). Only http checks are probed, and
-- heartbeat pings must not pay for maintaining this index.
CREATE INDEX "checks_next_probe_at_http_idx" ON "checks" ("next_probe_at") WHERE "kind" = 'http';
