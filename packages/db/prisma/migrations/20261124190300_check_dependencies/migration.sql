-- Check dependencies (issue 17, item 4): the checks a check depends on, same project only,
-- at most 20, no cycles (all enforced by the api, under a per-project advisory lock).
ALTER TABLE "checks" ADD COLUMN "depends_on" UUID[] DEFAULT ARRAY[]::UUID[];

-- Held for a dependency: the dependency that was down (no foreign key: the row keeps naming it
-- after it is deleted), and when the hold was dropped because the check recovered first.
-- Such rows wait on a condition, not a time: release_at is NULL until the dependencies recover.
ALTER TABLE "held_notifications" ADD COLUMN "dependency_id" UUID;
ALTER TABLE "held_notifications" ADD COLUMN "dropped_at" TIMESTAMPTZ(6);
ALTER TABLE "held_notifications" ALTER COLUMN "release_at" DROP NOT NULL;

-- The scheduler task dependency-release scans the rows still waiting for their dependencies.
CREATE INDEX "held_notifications_dependency_waiting_idx" ON "held_notifications" ("id") WHERE cause = 'dependency' AND release_at IS NULL AND released_at IS NULL AND dropped_at IS NULL;
-- The flips API names the dependency of a held down flip.
CREATE INDEX "held_notifications_flip_id_idx" ON "held_notifications" ("flip_id") WHERE cause = 'dependency';
