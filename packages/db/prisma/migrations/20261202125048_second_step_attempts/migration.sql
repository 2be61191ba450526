-- Issue 36: a pending sign-in (two_factor token) counts the codes and keys tried at the second step
-- and dies after a few. A column with a constant default is added without rewriting the table, but
-- the ALTER needs a brief ACCESS EXCLUSIVE lock: give up fast rather than queue behind traffic.
SET lock_timeout = '5s';

-- AlterTable
ALTER TABLE "user_tokens" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;
