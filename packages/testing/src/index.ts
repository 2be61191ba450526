export { createTestDatabase, createEmptyDatabase, createMigratedDatabase, databaseUrl, type TestDatabase } from './test-database.js';
export { openTestStore, openEmptyDatabase, type TestStore } from './test-store.js';
export { testRedisPrefix, testRedisUrl, dropRedisPrefix, UNREACHABLE_REDIS_OPTIONS } from './test-redis.js';
export {
  makeAccount,
  makeProject,
  makeApiKey,
  makeProjectWithKeys,
  makeCheck,
  makeHttpCheck,
  makeProbeCheck,
  makeIntegration,
  httpConfigColumns,
  sealPingBody,
  openPingBody,
  sealFlipCause,
  openFlipCause,
  legacyCiphertext,
  makeMaintenanceWindow,
} from './factories.js';
export { startService, freePort, stubDns, TEST_ENCRYPTION_KEY, type ServiceProcess, type ServiceName } from './service-process.js';
export { createTestCertificates, type TestCertificates, type TestCertificate } from './tls-certificates.js';
export { openTestBackend, queuedJobs, type TestBackend } from './test-backend.js';
export { startSmtpCapture, type CapturedMail } from './smtp-capture.js';
export { launchChromium, CHROMIUM_PATH } from './browser.js';
export { promtool } from './promtool.js';
export { recordPingInTx, type PingInput } from './record-ping.js';
export { eventually, PATIENCE_MS, type Settled } from './eventually.js';
export { ManualClock } from './manual-clock.js';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
export { closeQueues, probeJobDone, producerQueues } from './producer-queues.js';
export { startDnsServer, type DnsServer, type DnsZone } from './dns-server.js';
export { buildGoProgram, type GoBuild } from './go-build.js';
export { startRecordingServer, type RecordingServer, type RecordedRequest, type Reply, type Responder } from './recording-server.js';
export { createNetworkLab, networkLabSkipReason, sweepLeftoverNamespaces, LAB_PREFIX, type NetworkLab, type LabLocation } from './network-lab.js';
export { startTlsRedis, type TlsRedis } from './tls-redis.js';
export { startOidcProvider, type OidcIdp, type OidcTestAccount, type TokenTamper } from './oidc-idp.js';
export { startSimpleSamlPhp, simpleSamlPhpSkipReason, type SamlIdp, type SamlIdpUser, type SamlIdpServiceProvider } from './saml-idp.js';
