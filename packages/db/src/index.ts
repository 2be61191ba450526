export { Prisma, PrismaClient } from '@prisma/client';
export type {
  Account,
  ApiKey,
  Check,
  Flip,
  HeldNotification,
  MaintenanceWindow,
  OncallSchedule,
  OncallLayer,
  OncallOverride,
  OncallUserFeed,
  Slo,
  SloBurnAlert,
  StatusPageIncidentUpdate,
  PrivateLocation,
  Integration,
  NotificationDelivery,
  Ping,
  Project,
  Reminder,
  Plan,
  ApiKeyKind,
  CheckKind,
  CheckStatus,
  DeliveryStatus,
  FlipReason,
  IntegrationKind,
  PingType,
  ScheduleKind,
  User,
  Membership,
  Session,
  UserToken,
  Invitation,
  MemberRole,
  UserTokenPurpose,
} from '@prisma/client';
export { createPrismaClient, type PrismaClientOptions } from './create-client.js';
export { createPgPool, type PgPool } from './pg-pool.js';
export { withPgTransaction } from './pg-transaction.js';
export { listenPg, type PgListener, type PgListenOptions } from './pg-listen.js';
export { openMaintenanceWhere } from './open-maintenance.js';
export { isDatabaseContention } from './database-contention.js';
