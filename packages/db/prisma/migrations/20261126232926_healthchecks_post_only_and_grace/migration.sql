-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "hc_grace_sec" INTEGER,
ADD COLUMN     "post_only" BOOLEAN NOT NULL DEFAULT false;

