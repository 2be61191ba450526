-- Snooze (issue 39, docs/notifications.md "Snooze"): three nullable columns without a default, a
-- change of the catalog only (no table rewrite), but it needs a brief ACCESS EXCLUSIVE lock on
-- checks, which every ping updates: give up after 50 ms rather than queue pings behind it (the
-- migrate script retries).
BEGIN;
SET LOCAL lock_timeout = '50ms';

-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "snoozed_at" TIMESTAMPTZ(6),
ADD COLUMN     "snoozed_by" VARCHAR(200),
ADD COLUMN     "snoozed_until" TIMESTAMPTZ(6);

COMMIT;
