-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IntegrationKind" ADD VALUE 'msteams';
ALTER TYPE "IntegrationKind" ADD VALUE 'opsgenie';
ALTER TYPE "IntegrationKind" ADD VALUE 'victorops';
ALTER TYPE "IntegrationKind" ADD VALUE 'ntfy';
ALTER TYPE "IntegrationKind" ADD VALUE 'pushover';
ALTER TYPE "IntegrationKind" ADD VALUE 'matrix';
ALTER TYPE "IntegrationKind" ADD VALUE 'googlechat';
ALTER TYPE "IntegrationKind" ADD VALUE 'rocketchat';
ALTER TYPE "IntegrationKind" ADD VALUE 'zulip';
ALTER TYPE "IntegrationKind" ADD VALUE 'gotify';

