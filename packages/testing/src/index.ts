export { createTestDatabase, createEmptyDatabase, createMigratedDatabase, databaseUrl, type TestDatabase } from './test-database.js';
export { testRedisPrefix, testRedisUrl, dropRedisPrefix, UNREACHABLE_REDIS_OPTIONS } from './test-redis.js';
export { makeAccount, makeProject, makeApiKey, makeProjectWithKeys, makeCheck, httpConfigColumns } from './factories.js';
export { startService, freePort, TEST_ENCRYPTION_KEY, type ServiceProcess, type ServiceName } from './service-process.js';
export { createTestCertificates, type TestCertificates, type TestCertificate } from './tls-certificates.js';
export { openTestBackend, queuedJobs, type TestBackend } from './test-backend.js';
