-- CreateTable
CREATE TABLE "private_locations" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "previous_key_hash" TEXT,
    "previous_key_expires_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "private_locations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "private_locations_code_key" ON "private_locations"("code");

-- CreateIndex
CREATE UNIQUE INDEX "private_locations_key_hash_key" ON "private_locations"("key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "private_locations_previous_key_hash_key" ON "private_locations"("previous_key_hash");

-- CreateIndex
CREATE INDEX "private_locations_account_id_idx" ON "private_locations"("account_id");

-- AddForeignKey
ALTER TABLE "private_locations" ADD CONSTRAINT "private_locations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

