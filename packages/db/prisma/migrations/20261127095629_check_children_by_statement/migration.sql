-- A check's pings and flips are deleted with it by ONE statement trigger instead of per-row
-- foreign keys (docs/scaling.md, "Pings and flips without foreign keys"). The foreign keys made
-- every inserted ping and flip look its check up (a primary-key probe and a FOR KEY SHARE lock per
-- row): 13 % of PostgreSQL's time in a herd of timeouts. Nothing is lost by dropping them:
-- - every writer inserts pings and flips only for check rows it has locked or updated in the same
--   transaction (CheckBatch locks them FOR UPDATE, the fast paths insert from their UPDATE's
--   RETURNING, the deadline scan from its FOR UPDATE claim), so a check cannot be deleted between
--   the check and the insert: a concurrent DELETE waits for that transaction, and its trigger's
--   statements, which take a new snapshot, see and delete what it committed,
-- - deleting a check, directly or through its project or account (ON DELETE CASCADE), fires the
--   trigger, which deletes its pings and flips, the flips' own children (deliveries, reminders,
--   held notifications, escalations, acknowledgements) follow by their foreign keys as before.

-- DropForeignKey
ALTER TABLE "pings" DROP CONSTRAINT "pings_check_id_fkey";

-- DropForeignKey
ALTER TABLE "flips" DROP CONSTRAINT "flips_check_id_fkey";

-- The body has no literal semicolon (written \073 in an escaped string): the migration runner
-- (Prisma's pg adapter) splits a script at every semicolon, even inside quotes and comments.
CREATE FUNCTION "upmon_checks_delete_children"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM pings p USING deleted d WHERE p.check_id = d.id\073
  DELETE FROM flips f USING deleted d WHERE f.check_id = d.id\073
  RETURN NULL\073
END';
CREATE TRIGGER "checks_delete_pings_and_flips" AFTER DELETE ON "checks"
  REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "upmon_checks_delete_children"();
