-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "integration_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "integrations_explicit" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "n_pings" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "pings" ADD COLUMN     "n" INTEGER;

-- AlterTable
ALTER TABLE "integrations" ADD COLUMN     "uuid" UUID NOT NULL DEFAULT gen_random_uuid();

-- CreateIndex
CREATE UNIQUE INDEX "integrations_uuid_key" ON "integrations"("uuid");


-- Partial index (written by hand: Prisma cannot express it): the start of an overlapping run is
-- found by (check, rid). Only pings that carry a rid pay for it, and log pings never close a run.
CREATE INDEX "pings_check_id_rid_ts_idx" ON "pings" ("check_id", "rid", "ts" DESC) WHERE "rid" IS NOT NULL AND "type" <> 'log';

-- Number the pings already stored, oldest first, and continue each check's count from there.
UPDATE "pings" p SET "n" = numbered.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "check_id" ORDER BY "ts", "id") AS rn FROM "pings") AS numbered
 WHERE p."id" = numbered."id";
UPDATE "checks" c SET "n_pings" = counted.n
  FROM (SELECT "check_id", count(*)::int AS n FROM "pings" GROUP BY "check_id") AS counted
 WHERE c."id" = counted."check_id";
