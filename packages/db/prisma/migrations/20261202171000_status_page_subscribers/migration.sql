-- Status page subscribers (issue 40): the subscribers, the notices they are told and one delivery
-- per (notice, subscriber). New tables only, their indexes built while empty. The foreign keys to
-- status_pages and status_page_incident_updates (neither a hot table) take short SHARE ROW EXCLUSIVE
-- locks: give up fast rather than queue behind traffic (the migrate script retries).
BEGIN;
SET LOCAL lock_timeout = '50ms';

CREATE TABLE "status_page_subscribers" (
    "id" UUID NOT NULL,
    "status_page_id" UUID NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'email',
    "email" TEXT,
    "url" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "confirmed_at" TIMESTAMPTZ(6),
    "confirm_token_hash" TEXT,
    "confirm_expires_at" TIMESTAMPTZ(6),
    "unsubscribe_token" TEXT NOT NULL,

    CONSTRAINT "status_page_subscribers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_page_subscribers_kind_check" CHECK (("kind" = 'email' AND "email" IS NOT NULL AND "url" IS NULL) OR ("kind" = 'webhook' AND "url" IS NOT NULL AND "email" IS NULL))
);
CREATE UNIQUE INDEX "status_page_subscribers_confirm_token_hash_key" ON "status_page_subscribers"("confirm_token_hash");
CREATE UNIQUE INDEX "status_page_subscribers_unsubscribe_token_key" ON "status_page_subscribers"("unsubscribe_token");
CREATE UNIQUE INDEX "status_page_subscribers_status_page_id_email_key" ON "status_page_subscribers"("status_page_id", "email");
CREATE UNIQUE INDEX "status_page_subscribers_status_page_id_url_key" ON "status_page_subscribers"("status_page_id", "url");
ALTER TABLE "status_page_subscribers" ADD CONSTRAINT "status_page_subscribers_status_page_id_fkey" FOREIGN KEY ("status_page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "status_page_notices" (
    "id" BIGSERIAL NOT NULL,
    "status_page_id" UUID NOT NULL,
    "update_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "fanned_out_at" TIMESTAMPTZ(6),

    CONSTRAINT "status_page_notices_pkey" PRIMARY KEY ("id")
);
-- The notifier's claim of notices not yet fanned out.
CREATE INDEX "status_page_notices_waiting_idx" ON "status_page_notices" ("id") WHERE "fanned_out_at" IS NULL;
ALTER TABLE "status_page_notices" ADD CONSTRAINT "status_page_notices_status_page_id_fkey" FOREIGN KEY ("status_page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "status_page_notices" ADD CONSTRAINT "status_page_notices_update_id_fkey" FOREIGN KEY ("update_id") REFERENCES "status_page_incident_updates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "status_page_subscriber_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "notice_id" BIGINT NOT NULL,
    "subscriber_id" UUID NOT NULL,
    "batch" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(6),

    CONSTRAINT "status_page_subscriber_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "status_page_subscriber_deliveries_notice_id_subscriber_id_key" ON "status_page_subscriber_deliveries"("notice_id", "subscriber_id");
CREATE INDEX "status_page_subscriber_deliveries_notice_id_batch_idx" ON "status_page_subscriber_deliveries"("notice_id", "batch");
CREATE INDEX "status_page_subscriber_deliveries_subscriber_id_idx" ON "status_page_subscriber_deliveries"("subscriber_id");
ALTER TABLE "status_page_subscriber_deliveries" ADD CONSTRAINT "status_page_subscriber_deliveries_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "status_page_notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "status_page_subscriber_deliveries" ADD CONSTRAINT "status_page_subscriber_deliveries_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "status_page_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

COMMIT;
