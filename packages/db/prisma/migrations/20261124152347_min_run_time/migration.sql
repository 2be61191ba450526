-- AlterEnum
ALTER TYPE "FlipReason" ADD VALUE 'short_run';

-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "min_run_sec" INTEGER;

-- AlterTable
ALTER TABLE "pings" ADD COLUMN     "note" VARCHAR(200);

