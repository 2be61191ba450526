-- DropIndex
DROP INDEX "notification_deliveries_flip_id_idx";

-- CreateIndex
CREATE INDEX "notification_deliveries_flip_id_integration_id_idx" ON "notification_deliveries"("flip_id", "integration_id");

