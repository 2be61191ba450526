-- Flips reach the notifier from PostgreSQL instead of a `flips` queue (docs/architecture.md,
-- "Flips handed on from PostgreSQL").
--
-- `fanned_out_at`: null while the flip waits for the notifier fan-out, set when the fan-out has
-- put its delivery jobs in Redis, or at insert for a flip that notifies nobody (new -> up, pauses,
-- resumes, quota), which therefore never costs the notifier anything.
ALTER TABLE "flips" RENAME COLUMN "enqueued_at" TO "fanned_out_at";
DROP INDEX "flips_enqueued_at_id_idx";
-- Only the waiting flips are indexed: the claim of the notifier and the backlog metric read it.
CREATE INDEX "flips_waiting_fan_out_idx" ON "flips" ("id") WHERE "fanned_out_at" IS NULL;
-- Keeps the window scan of the Redis recovery (recent fan-outs) off the heap.
CREATE INDEX "flips_fanned_out_at_idx" ON "flips" ("fanned_out_at") WHERE "fanned_out_at" IS NOT NULL;

-- Upgrade: flips the old publisher had already put on the `flips` queue may not have been fanned out
-- when the old notifier stopped. Flips of the last 15 minutes that notify are handed again: the
-- fan-out is idempotent (deterministic delivery job ids, delivery log), so nothing is sent twice.
UPDATE "flips" SET "fanned_out_at" = NULL
 WHERE "created_at" > now() - interval '15 minutes'
   AND "old_status" <> "new_status"
   AND ("new_status" = 'down' OR ("new_status" = 'late' AND "old_status" = 'up')
        OR ("new_status" = 'up' AND "old_status" IN ('late', 'down')));

-- Wakes the notifiers (LISTEN upmon_flips) once per statement that inserted a waiting flip.
-- NOTIFY is delivered at commit and collapsed per transaction, and notifiers also poll, so a missed
-- wake-up only delays a flip by the poll interval.
-- The body has no literal semicolon (written \073 in an escaped string): the migration runner
-- (Prisma's pg adapter) splits a script at every semicolon, even inside quotes and comments.
CREATE FUNCTION "upmon_flips_waiting_notify"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF EXISTS (SELECT 1 FROM inserted WHERE fanned_out_at IS NULL) THEN
    PERFORM pg_notify(''upmon_flips'', '''')\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "flips_waiting_notify" AFTER INSERT ON "flips"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "upmon_flips_waiting_notify"();
