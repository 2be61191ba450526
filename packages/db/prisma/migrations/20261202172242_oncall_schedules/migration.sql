-- On-call schedules (issue 41, docs/oncall.md): new tables only, so no lock is held on a table
-- anyone writes to but the brief one the foreign keys take on projects and users.
BEGIN;
SET LOCAL lock_timeout = '50ms';

-- CreateTable
CREATE TABLE "oncall_schedules" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "ical_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oncall_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oncall_layers" (
    "id" UUID NOT NULL,
    "schedule_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "user_ids" UUID[],
    "rotation_unit" TEXT NOT NULL,
    "rotation_count" INTEGER NOT NULL,
    "anchor_date" TEXT NOT NULL,
    "handoff_time" TEXT NOT NULL,
    "tz" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(6),
    "ends_at" TIMESTAMPTZ(6),
    "restrictions" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oncall_layers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oncall_overrides" (
    "id" UUID NOT NULL,
    "schedule_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(6) NOT NULL,
    "ends_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oncall_overrides_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oncall_user_feeds" (
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oncall_user_feeds_pkey" PRIMARY KEY ("project_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oncall_schedules_ical_token_key" ON "oncall_schedules"("ical_token");

-- CreateIndex
CREATE INDEX "oncall_schedules_project_id_idx" ON "oncall_schedules"("project_id");

-- CreateIndex
CREATE INDEX "oncall_layers_schedule_id_idx" ON "oncall_layers"("schedule_id");

-- CreateIndex
CREATE INDEX "oncall_overrides_schedule_id_ends_at_idx" ON "oncall_overrides"("schedule_id", "ends_at");

-- CreateIndex
CREATE INDEX "oncall_overrides_user_id_idx" ON "oncall_overrides"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "oncall_user_feeds_token_key" ON "oncall_user_feeds"("token");

-- CreateIndex
CREATE INDEX "oncall_user_feeds_user_id_idx" ON "oncall_user_feeds"("user_id");

-- AddForeignKey
ALTER TABLE "oncall_schedules" ADD CONSTRAINT "oncall_schedules_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oncall_layers" ADD CONSTRAINT "oncall_layers_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "oncall_schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "oncall_schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oncall_overrides" ADD CONSTRAINT "oncall_overrides_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oncall_user_feeds" ADD CONSTRAINT "oncall_user_feeds_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oncall_user_feeds" ADD CONSTRAINT "oncall_user_feeds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

COMMIT;
