-- Incidents and updates on status pages (issue 40). New tables only: their indexes are built while
-- they are empty, and the one foreign key to an existing table (status_pages, not a hot table) takes
-- a short SHARE ROW EXCLUSIVE lock on it: give up fast rather than queue behind traffic (the migrate
-- script retries a migration that gave way to a lock).
BEGIN;
SET LOCAL lock_timeout = '50ms';

-- CreateEnum
CREATE TYPE "IncidentState" AS ENUM ('investigating', 'identified', 'monitoring', 'resolved');

-- CreateEnum
CREATE TYPE "IncidentImpact" AS ENUM ('degraded_performance', 'partial_outage', 'major_outage');

-- CreateTable
CREATE TABLE "status_page_incidents" (
    "id" UUID NOT NULL,
    "status_page_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "state" "IncidentState" NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "resolved_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "status_page_incidents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_page_incident_components" (
    "incident_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "check_id" UUID,
    "group_name" TEXT,
    "name" TEXT NOT NULL,
    "impact" "IncidentImpact" NOT NULL,

    CONSTRAINT "status_page_incident_components_pkey" PRIMARY KEY ("incident_id","position")
);

-- CreateTable
CREATE TABLE "status_page_incident_updates" (
    "id" UUID NOT NULL,
    "incident_id" UUID NOT NULL,
    "state" "IncidentState" NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "edited_at" TIMESTAMPTZ(6),

    CONSTRAINT "status_page_incident_updates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "status_page_incidents_status_page_id_started_at_id_idx" ON "status_page_incidents"("status_page_id", "started_at" DESC, "id");

-- CreateIndex
CREATE INDEX "status_page_incident_updates_incident_id_created_at_idx" ON "status_page_incident_updates"("incident_id", "created_at");

-- AddForeignKey
ALTER TABLE "status_page_incidents" ADD CONSTRAINT "status_page_incidents_status_page_id_fkey" FOREIGN KEY ("status_page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_incident_components" ADD CONSTRAINT "status_page_incident_components_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "status_page_incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_incident_updates" ADD CONSTRAINT "status_page_incident_updates_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "status_page_incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

COMMIT;
