-- AlterTable
ALTER TABLE "integrations" ADD COLUMN     "telegram_link_token_expires_at" TIMESTAMPTZ(6);


-- Link tokens issued before tokens expired count from the integration's creation.
UPDATE "integrations" SET "telegram_link_token_expires_at" = "created_at" + interval '24 hours'
 WHERE "telegram_link_token_hash" IS NOT NULL;
