-- SLOs (issue 44, docs/slos.md): a new table only. Its foreign keys take a brief SHARE ROW
-- EXCLUSIVE lock on projects and on checks (which every ping updates): give up after 50 ms rather
-- than queue pings behind it (the migrate script retries the whole transaction).
BEGIN;
SET LOCAL lock_timeout = '50ms';

CREATE TABLE "slos" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "project_id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "check_id" UUID,
    "tag" VARCHAR(100),
    "target_percent" DOUBLE PRECISION NOT NULL,
    "window_kind" VARCHAR(20) NOT NULL,
    "window_days" SMALLINT,
    "tz" VARCHAR(64) NOT NULL DEFAULT 'UTC',
    "latency_threshold_ms" INTEGER,
    "latency_target_percent" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "slos_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "slos_subject_check" CHECK (("check_id" IS NULL) <> ("tag" IS NULL)),
    CONSTRAINT "slos_window_check" CHECK (("window_kind" = 'rolling' AND "window_days" IN (7, 28, 30)) OR ("window_kind" = 'calendar_month' AND "window_days" IS NULL)),
    CONSTRAINT "slos_target_check" CHECK ("target_percent" > 0 AND "target_percent" < 100),
    CONSTRAINT "slos_latency_check" CHECK (("latency_threshold_ms" IS NULL) = ("latency_target_percent" IS NULL))
);

CREATE INDEX "slos_project_id_idx" ON "slos"("project_id");
CREATE INDEX "slos_check_id_idx" ON "slos"("check_id");

ALTER TABLE "slos" ADD CONSTRAINT "slos_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slos" ADD CONSTRAINT "slos_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

COMMIT;
