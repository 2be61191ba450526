-- Burn-rate alerts of SLOs (issue 44, docs/slos.md "Burn-rate alerts"): a new table only, whose
-- foreign key locks the new slos table briefly. At most one open alert per SLO and kind (the
-- partial unique index): the scheduler's task inserts ON CONFLICT DO NOTHING, so an alert still
-- firing is never raised twice, by one scheduler or several.
BEGIN;
SET LOCAL lock_timeout = '50ms';

CREATE TABLE "slo_burn_alerts" (
    "id" BIGSERIAL NOT NULL,
    "slo_id" UUID NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "fired_at" TIMESTAMPTZ(6) NOT NULL,
    "long_burn" DOUBLE PRECISION NOT NULL,
    "short_burn" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "notified_at" TIMESTAMPTZ(6),
    "resolved_at" TIMESTAMPTZ(6),
    "resolve_notified_at" TIMESTAMPTZ(6),

    CONSTRAINT "slo_burn_alerts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "slo_burn_alerts_kind_check" CHECK ("kind" IN ('fast', 'slow'))
);

CREATE UNIQUE INDEX "slo_burn_alerts_open_idx" ON "slo_burn_alerts"("slo_id", "kind") WHERE "resolved_at" IS NULL;
CREATE INDEX "slo_burn_alerts_slo_id_fired_at_idx" ON "slo_burn_alerts"("slo_id", "fired_at" DESC);

ALTER TABLE "slo_burn_alerts" ADD CONSTRAINT "slo_burn_alerts_slo_id_fkey" FOREIGN KEY ("slo_id") REFERENCES "slos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

COMMIT;
