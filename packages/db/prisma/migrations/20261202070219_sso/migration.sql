-- SSO, SAML, SCIM (issue 42). New tables only, and their foreign keys to accounts and users take a
-- short SHARE ROW EXCLUSIVE lock on those tables: give up fast rather than queue behind traffic.
SET lock_timeout = '5s';

-- CreateTable
CREATE TABLE "sso_settings" (
    "account_id" UUID NOT NULL,
    "oidc_enabled" BOOLEAN NOT NULL DEFAULT false,
    "oidc_issuer" TEXT,
    "oidc_client_id" TEXT,
    "oidc_client_secret" BYTEA,
    "saml_enabled" BOOLEAN NOT NULL DEFAULT false,
    "saml_metadata_url" TEXT,
    "saml_idp_entity_id" TEXT,
    "saml_idp_sso_url" TEXT,
    "saml_idp_certs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "saml_allow_idp_initiated" BOOLEAN NOT NULL DEFAULT false,
    "groups_claim" TEXT NOT NULL DEFAULT 'groups',
    "jit_enabled" BOOLEAN NOT NULL DEFAULT true,
    "default_role" "MemberRole" NOT NULL DEFAULT 'member',
    "sso_required" BOOLEAN NOT NULL DEFAULT false,
    "break_glass_user_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "sso_settings_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "sso_group_roles" (
    "account_id" UUID NOT NULL,
    "group_name" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,

    CONSTRAINT "sso_group_roles_pkey" PRIMARY KEY ("account_id","group_name")
);

-- CreateTable
CREATE TABLE "sso_domains" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "verification_token" TEXT NOT NULL,
    "verified_at" TIMESTAMPTZ(6),
    "last_checked_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_logins" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "protocol" TEXT NOT NULL,
    "state_hash" TEXT NOT NULL,
    "nonce" TEXT,
    "code_verifier" BYTEA,
    "saml_request_id" TEXT,
    "next" TEXT,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "completed_user_id" UUID,
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_logins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_identities" (
    "account_id" UUID NOT NULL,
    "protocol" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "last_sign_in_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("account_id","protocol","subject")
);

-- CreateTable
CREATE TABLE "saml_assertions_seen" (
    "account_id" UUID NOT NULL,
    "assertion_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "saml_assertions_seen_pkey" PRIMARY KEY ("account_id","assertion_id")
);

-- CreateTable
CREATE TABLE "scim_tokens" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "scim_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_users" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "external_id" TEXT,
    "given_name" TEXT,
    "family_name" TEXT,
    "display_name" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "scim_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_groups" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "display_name" TEXT NOT NULL,
    "external_id" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "scim_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_group_members" (
    "group_id" UUID NOT NULL,
    "scim_user_id" UUID NOT NULL,

    CONSTRAINT "scim_group_members_pkey" PRIMARY KEY ("group_id","scim_user_id")
);

-- CreateIndex
CREATE INDEX "sso_domains_domain_idx" ON "sso_domains"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "sso_domains_account_id_domain_key" ON "sso_domains"("account_id", "domain");

-- CreateIndex
CREATE UNIQUE INDEX "sso_logins_state_hash_key" ON "sso_logins"("state_hash");

-- CreateIndex
CREATE UNIQUE INDEX "sso_logins_saml_request_id_key" ON "sso_logins"("saml_request_id");

-- CreateIndex
CREATE INDEX "sso_logins_expires_at_idx" ON "sso_logins"("expires_at");

-- CreateIndex
CREATE INDEX "sso_identities_user_id_idx" ON "sso_identities"("user_id");

-- CreateIndex
CREATE INDEX "saml_assertions_seen_expires_at_idx" ON "saml_assertions_seen"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "scim_tokens_hash_key" ON "scim_tokens"("hash");

-- CreateIndex
CREATE INDEX "scim_tokens_account_id_idx" ON "scim_tokens"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "scim_users_account_id_user_name_key" ON "scim_users"("account_id", "user_name");

-- CreateIndex
CREATE UNIQUE INDEX "scim_users_account_id_user_id_key" ON "scim_users"("account_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "scim_groups_account_id_display_name_key" ON "scim_groups"("account_id", "display_name");

-- CreateIndex
CREATE INDEX "scim_group_members_scim_user_id_idx" ON "scim_group_members"("scim_user_id");

-- AddForeignKey
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_group_roles" ADD CONSTRAINT "sso_group_roles_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "sso_settings"("account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "scim_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_scim_user_id_fkey" FOREIGN KEY ("scim_user_id") REFERENCES "scim_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A domain is verified by one account at most (claims still pending may overlap).
CREATE UNIQUE INDEX "sso_domains_verified_domain_key" ON "sso_domains"("domain") WHERE "verified_at" IS NOT NULL;
