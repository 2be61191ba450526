export { type Clock, type WaitableClock, systemClock } from './clock.js';
export { createRedis } from './redis.js';
export {
  startHealthServer,
  healthRequestHandler,
  closeServer,
  type HealthServerOptions,
  type HealthHandlerOptions,
  type ReadinessCheck,
} from './health-server.js';
export { pgPoolReady, postgresReady, redisReady } from './readiness.js';
export { runService, type RunningService, type ServiceDefinition } from './run-service.js';
export { createClientAddressResolver, type ClientAddressResolver } from './client-address.js';
export { clientBudgetName } from './client-budget-name.js';
export { streamJson, type JsonStream, type StreamOutcome } from './json-stream.js';
export { postgresSettingProblems, warnAboutPostgresSettings, type PgSetting } from './postgres-settings.js';
