-- Per-day uptime rollups for public status pages (issue 16, item 2, docs/status-pages.md "Rollups"):
-- one row per check and complete UTC day, what the page would compute for that day from the flips.
-- A cache: written by the api when a page is rendered and a shown day has no row, deleted by the
-- trigger below when a flip lands on a rolled-up day, pruned after about 100 days by the scheduler.
CREATE TABLE "check_uptime_days" (
    "check_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "up_ms" INTEGER NOT NULL,
    "monitored_ms" INTEGER NOT NULL,
    "incidents_started" INTEGER NOT NULL,
    "incidents_ended" INTEGER NOT NULL,

    CONSTRAINT "check_uptime_days_pkey" PRIMARY KEY ("check_id","day")
);

-- The retention pruner deletes by day.
CREATE INDEX "check_uptime_days_day_idx" ON "check_uptime_days"("day");

ALTER TABLE "check_uptime_days" ADD CONSTRAINT "check_uptime_days_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A flip inserted at or before 00:00 UTC of the current day (a late timeout flip, a ping with a
-- past timestamp, an import) changes the rolled-up days from its own on (the day holding ts minus
-- 1 ms: an episode ending exactly at midnight belongs to the day before), so their rows are deleted
-- and the next rendering recomputes them. Flips of the current day fire nothing (the WHEN clause is
-- evaluated without calling the function), and the api rolls up only days that ended an hour ago.
-- The shared advisory lock (class 16016, key hashtext of the check id) makes a concurrent filling
-- of the same check (exclusive lock, services/api/src/web/queries/uptime-days.ts) wait for this
-- transaction, so it reads this flip and never stores a day computed without it.
-- Flip deletes fire nothing: only the retention pruner deletes flips (older than the shown days, and
-- the rows summarise them), and deleting a check cascades to its rows.
CREATE FUNCTION "upmon_flips_uptime_days_stale"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock_shared(16016, hashtext(NEW.check_id::text))\073
  DELETE FROM check_uptime_days
   WHERE check_id = NEW.check_id AND day >= ((NEW.ts - interval ''1 millisecond'') AT TIME ZONE ''UTC'')::date\073
  IF TG_OP = ''UPDATE'' THEN
    PERFORM pg_advisory_xact_lock_shared(16016, hashtext(OLD.check_id::text))\073
    DELETE FROM check_uptime_days
     WHERE check_id = OLD.check_id AND day >= ((OLD.ts - interval ''1 millisecond'') AT TIME ZONE ''UTC'')::date\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "flips_uptime_days_stale_insert" AFTER INSERT ON "flips"
  FOR EACH ROW WHEN (NEW.ts <= date_trunc('day', now(), 'UTC'))
  EXECUTE FUNCTION "upmon_flips_uptime_days_stale"();
-- Flips are updated only to mark their fan-out, which fires nothing here.
CREATE TRIGGER "flips_uptime_days_stale_update" AFTER UPDATE OF "check_id", "ts", "new_status" ON "flips"
  FOR EACH ROW EXECUTE FUNCTION "upmon_flips_uptime_days_stale"();
