-- Acknowledgement and escalation (issue 17, items 2 and 3, docs/notifications.md).

-- Escalation delay of an integration in minutes after the down flip: NULL or 0 = at once.
ALTER TABLE "integrations" ADD COLUMN "escalate_after_min" INTEGER;
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_escalate_after_min_range" CHECK ("escalate_after_min" BETWEEN 0 AND 1440);

-- One acknowledgement per down episode, named by the down flip that began it.
CREATE TABLE "acknowledgements" (
    "id" BIGSERIAL NOT NULL,
    "check_id" UUID NOT NULL,
    "flip_id" BIGINT NOT NULL,
    "acknowledged_by" VARCHAR(200) NOT NULL,
    "via" VARCHAR(8) NOT NULL,
    "acknowledged_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "acknowledgements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "acknowledgements_via_known" CHECK ("via" IN ('api', 'web', 'link'))
);
CREATE UNIQUE INDEX "acknowledgements_flip_id_key" ON "acknowledgements"("flip_id");
CREATE INDEX "acknowledgements_check_id_idx" ON "acknowledgements"("check_id");
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Escalation timers: one per (integration, down flip), worked by the scheduler task escalations.
CREATE TABLE "escalations" (
    "id" BIGSERIAL NOT NULL,
    "integration_id" INTEGER NOT NULL,
    "check_id" UUID NOT NULL,
    "flip_id" BIGINT NOT NULL,
    "due_at" TIMESTAMPTZ(6) NOT NULL,
    "sent_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),

    CONSTRAINT "escalations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "escalations_integration_id_flip_id_key" ON "escalations"("integration_id", "flip_id");
CREATE INDEX "escalations_flip_id_idx" ON "escalations"("flip_id");
-- The scheduler scans open timers by due time (Prisma cannot express partial indexes).
CREATE INDEX "escalations_open_due_at_idx" ON "escalations"("due_at") WHERE "sent_at" IS NULL AND "cancelled_at" IS NULL;
-- Redis recovery enqueues again the escalations sent in its window.
CREATE INDEX "escalations_sent_at_idx" ON "escalations"("sent_at") WHERE "sent_at" IS NOT NULL;
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
