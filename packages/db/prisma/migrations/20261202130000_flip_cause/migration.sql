-- What decided a probed check's flip (issue 37): each deciding location's result, encrypted
-- (AAD.flipCause), written with the flip by check-store and read by the notifier's alerts.
-- A nullable column without a default is a catalog change only (no rewrite, no scan), but it takes
-- flips' ACCESS EXCLUSIVE lock for that instant: give up fast rather than queue the probe and ping
-- writers behind a long transaction (run the migration again to retry).
SET lock_timeout = '100ms';

-- AlterTable
ALTER TABLE "flips" ADD COLUMN "cause" BYTEA;
