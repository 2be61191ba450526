-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('free', 'pro', 'business');

-- CreateEnum
CREATE TYPE "ApiKeyKind" AS ENUM ('rw', 'ro');

-- CreateEnum
CREATE TYPE "CheckKind" AS ENUM ('heartbeat', 'http');

-- CreateEnum
CREATE TYPE "ScheduleKind" AS ENUM ('period', 'cron', 'oncalendar');

-- CreateEnum
CREATE TYPE "CheckStatus" AS ENUM ('new', 'up', 'late', 'down', 'paused');

-- CreateEnum
CREATE TYPE "PingType" AS ENUM ('success', 'start', 'fail', 'exit', 'log');

-- CreateEnum
CREATE TYPE "FlipReason" AS ENUM ('timeout', 'fail', 'exit', 'ping', 'manual', 'resumed', 'quota');

-- CreateEnum
CREATE TYPE "IntegrationKind" AS ENUM ('telegram', 'email', 'webhook', 'slack', 'discord', 'mattermost', 'sms', 'pagerduty');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('succeeded', 'failed_retrying', 'failed', 'held');

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "ping_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" "ApiKeyKind" NOT NULL,
    "name" TEXT,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checks" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" "CheckKind" NOT NULL DEFAULT 'heartbeat',
    "name" TEXT NOT NULL,
    "slug" TEXT,
    "description" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tz" TEXT NOT NULL DEFAULT 'UTC',
    "schedule_kind" "ScheduleKind" NOT NULL,
    "period_sec" INTEGER,
    "cron" TEXT,
    "oncalendar" TEXT,
    "grace_sec" INTEGER NOT NULL,
    "http_config" JSONB,
    "status" "CheckStatus" NOT NULL DEFAULT 'new',
    "last_ping_at" TIMESTAMPTZ(6),
    "last_ping_type" "PingType",
    "last_start_at" TIMESTAMPTZ(6),
    "last_start_rid" UUID,
    "last_duration_ms" INTEGER,
    "resumed_at" TIMESTAMPTZ(6),
    "next_deadline_at" TIMESTAMPTZ(6),
    "next_probe_at" TIMESTAMPTZ(6),
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pings" (
    "id" BIGSERIAL NOT NULL,
    "check_id" UUID NOT NULL,
    "ts" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" "PingType" NOT NULL,
    "exit_status" INTEGER,
    "rid" UUID,
    "source_ip" TEXT,
    "method" TEXT NOT NULL,
    "user_agent" TEXT,
    "body_size" INTEGER NOT NULL DEFAULT 0,
    "body" BYTEA,
    "duration_ms" INTEGER,

    CONSTRAINT "pings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flips" (
    "id" BIGSERIAL NOT NULL,
    "check_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "ts" TIMESTAMPTZ(6) NOT NULL,
    "old_status" "CheckStatus" NOT NULL,
    "new_status" "CheckStatus" NOT NULL,
    "reason" "FlipReason" NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enqueued_at" TIMESTAMPTZ(6),

    CONSTRAINT "flips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrations" (
    "id" SERIAL NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" "IntegrationKind" NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "events" TEXT[],
    "tags" JSONB,
    "quiet_hours" JSONB,
    "reminders" JSONB,
    "config" BYTEA NOT NULL,
    "telegram_link_token_hash" TEXT,
    "telegram_chat_id" TEXT,
    "telegram_linked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "integration_id" INTEGER NOT NULL,
    "flip_id" BIGINT,
    "check_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" "DeliveryStatus" NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "latency_ms" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "held_notifications" (
    "id" BIGSERIAL NOT NULL,
    "integration_id" INTEGER NOT NULL,
    "check_id" UUID NOT NULL,
    "flip_id" BIGINT,
    "event" TEXT NOT NULL,
    "ts" TIMESTAMPTZ(6) NOT NULL,
    "release_at" TIMESTAMPTZ(6) NOT NULL,
    "released_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "held_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reminders" (
    "id" BIGSERIAL NOT NULL,
    "integration_id" INTEGER NOT NULL,
    "check_id" UUID NOT NULL,
    "flip_id" BIGINT NOT NULL,
    "hours" INTEGER NOT NULL,
    "due_at" TIMESTAMPTZ(6) NOT NULL,
    "sent_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),

    CONSTRAINT "reminders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "projects_ping_key_key" ON "projects"("ping_key");

-- CreateIndex
CREATE INDEX "projects_account_id_idx" ON "projects"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_project_id_idx" ON "api_keys"("project_id");

-- CreateIndex
CREATE INDEX "checks_project_id_created_at_idx" ON "checks"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "checks_next_deadline_at_idx" ON "checks"("next_deadline_at");

-- CreateIndex
CREATE INDEX "checks_next_probe_at_idx" ON "checks"("next_probe_at");

-- CreateIndex
CREATE UNIQUE INDEX "checks_project_id_slug_key" ON "checks"("project_id", "slug");

-- CreateIndex
CREATE INDEX "pings_check_id_ts_idx" ON "pings"("check_id", "ts" DESC);

-- CreateIndex
CREATE INDEX "flips_check_id_ts_idx" ON "flips"("check_id", "ts" DESC);

-- CreateIndex
CREATE INDEX "flips_enqueued_at_id_idx" ON "flips"("enqueued_at", "id");

-- CreateIndex
CREATE INDEX "flips_ts_idx" ON "flips"("ts");

-- CreateIndex
CREATE UNIQUE INDEX "integrations_telegram_link_token_hash_key" ON "integrations"("telegram_link_token_hash");

-- CreateIndex
CREATE INDEX "integrations_project_id_idx" ON "integrations"("project_id");

-- CreateIndex
CREATE INDEX "notification_deliveries_integration_id_created_at_idx" ON "notification_deliveries"("integration_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "notification_deliveries_flip_id_idx" ON "notification_deliveries"("flip_id");

-- CreateIndex
CREATE INDEX "held_notifications_released_at_release_at_idx" ON "held_notifications"("released_at", "release_at");

-- CreateIndex
CREATE UNIQUE INDEX "held_notifications_integration_id_flip_id_event_key" ON "held_notifications"("integration_id", "flip_id", "event");

-- CreateIndex
CREATE INDEX "reminders_sent_at_cancelled_at_due_at_idx" ON "reminders"("sent_at", "cancelled_at", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "reminders_integration_id_flip_id_hours_key" ON "reminders"("integration_id", "flip_id", "hours");

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checks" ADD CONSTRAINT "checks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pings" ADD CONSTRAINT "pings_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flips" ADD CONSTRAINT "flips_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_flip_id_fkey" FOREIGN KEY ("flip_id") REFERENCES "flips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

