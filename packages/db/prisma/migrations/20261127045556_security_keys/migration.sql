-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "webauthn_challenge" TEXT,
ADD COLUMN     "webauthn_challenge_expires_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "user_tokens" ADD COLUMN     "webauthn_challenge" TEXT;

-- CreateTable
CREATE TABLE "security_keys" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL,
    "transports" TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(6),

    CONSTRAINT "security_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "security_keys_credential_id_key" ON "security_keys"("credential_id");

-- CreateIndex
CREATE INDEX "security_keys_user_id_idx" ON "security_keys"("user_id");

-- AddForeignKey
ALTER TABLE "security_keys" ADD CONSTRAINT "security_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

