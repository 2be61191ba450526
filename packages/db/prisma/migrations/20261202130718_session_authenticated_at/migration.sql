-- Issue 36: changes to second factors need a recent proof in the session (signing in, or confirming
-- with a password or second factor). Sessions from before have none (null: confirm first). A
-- nullable column without a default changes no row, but the ALTER needs a brief ACCESS EXCLUSIVE
-- lock on a table every page view reads: give up fast rather than queue behind traffic.
SET lock_timeout = '5s';

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "authenticated_at" TIMESTAMPTZ(6);
