-- Maintenance windows (issue 17, item 1): while one applies to a check, its notifications are
-- held (cause maintenance) and the check is shown as under maintenance. One-off windows have
-- starts_at and ends_at, recurring ones a cron or OnCalendar schedule in tz and a duration.
-- ended_at: closed early (the occurrence in progress then ends there).
CREATE TABLE "maintenance_windows" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'project',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "check_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "starts_at" TIMESTAMPTZ(6),
    "ends_at" TIMESTAMPTZ(6),
    "schedule" TEXT,
    "tz" TEXT,
    "duration_min" INTEGER,
    "ended_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "maintenance_windows_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "maintenance_windows_scope_check" CHECK ("scope" IN ('project', 'tags', 'checks')),
    CONSTRAINT "maintenance_windows_kind_check" CHECK (
      ("schedule" IS NULL AND "starts_at" IS NOT NULL AND "ends_at" IS NOT NULL AND "ends_at" > "starts_at")
      OR ("schedule" IS NOT NULL AND "tz" IS NOT NULL AND "duration_min" IS NOT NULL AND "starts_at" IS NULL AND "ends_at" IS NULL))
);

CREATE INDEX "maintenance_windows_project_id_idx" ON "maintenance_windows"("project_id");
-- The notifier reads the windows of a project that may apply at each delivery: the recurring
-- ones and the one-off ones not over, each through an index of its own, however many past
-- one-off windows a deploy script has left. The retention pruner finds old one-off windows.
CREATE INDEX "maintenance_windows_recurring_idx" ON "maintenance_windows"("project_id") WHERE "schedule" IS NOT NULL;
CREATE INDEX "maintenance_windows_one_off_idx" ON "maintenance_windows"("project_id", "ends_at") WHERE "schedule" IS NULL;
CREATE INDEX "maintenance_windows_one_off_end_idx" ON "maintenance_windows"("ends_at") WHERE "schedule" IS NULL;

ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Held for maintenance: the window that held it (no foreign key: a deleted window leaves its
-- held rows to the maintenance-release task, which looks at the windows as they are then).
ALTER TABLE "held_notifications" ADD COLUMN "maintenance_window_id" UUID;

-- The maintenance-release task finds the due maintenance rows, closing a window finds its rows.
CREATE INDEX "held_notifications_maintenance_due_idx" ON "held_notifications" ("release_at", "id") WHERE cause = 'maintenance' AND released_at IS NULL AND dropped_at IS NULL;
CREATE INDEX "held_notifications_maintenance_window_idx" ON "held_notifications" ("maintenance_window_id") WHERE maintenance_window_id IS NOT NULL;
