-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "locations" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "quorum" INTEGER;

-- AlterTable
ALTER TABLE "flips" ADD COLUMN     "locations" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "check_locations" (
    "check_id" UUID NOT NULL,
    "location" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failures_in_row" INTEGER NOT NULL DEFAULT 0,
    "last_result_at" TIMESTAMPTZ(6) NOT NULL,
    "last_duration_ms" INTEGER,
    "last_reason" BYTEA,

    CONSTRAINT "check_locations_pkey" PRIMARY KEY ("check_id","location")
);

-- CreateIndex
CREATE INDEX "check_locations_location_last_result_at_idx" ON "check_locations"("location", "last_result_at");

-- AddForeignKey
ALTER TABLE "check_locations" ADD CONSTRAINT "check_locations_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The verdict of a location (LocationStatus in core), a CHECK constraint Prisma cannot express
ALTER TABLE "check_locations" ADD CONSTRAINT "check_locations_status_check" CHECK ("status" IN ('up', 'warning', 'failing'));

-- Probed checks no longer time out (docs/locations.md, "Stale locations"): their deadlines go
UPDATE "checks" SET "next_deadline_at" = NULL WHERE "kind" <> 'heartbeat' AND "next_deadline_at" IS NOT NULL;
