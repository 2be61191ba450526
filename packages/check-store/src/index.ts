export { checkRowToState, scheduleOf } from './check-state-mapper.js';
export { flipNotifies } from './flip-notifies.js';
export { CHECK_STATE_COLUMNS, sqlRowToState, type CheckSqlRow, type SqlClient } from './check-sql.js';
export { claimDueApplyingCommonTimeouts, offScheduleDeadlineText, type ClaimedTimeouts, type ClaimOrder } from './timeout-sql.js';
export {
  FLIPS_WAITING_CHANNEL,
  claimWaitingFlips,
  markFannedOut,
  handBackFannedOut,
  firstFannedOutSince,
  readWaitingFlipsBacklog,
  type WaitingFlip,
} from './flip-handoff.js';
export { CheckBatch, type LockedCheck, type PingWrite } from './check-batch.js';
export { recordUpStaysUpPings, type IncomingPing } from './up-stays-up.js';
export { prunePings, pruneFlips } from './retention.js';
export {
  writeProbeRollups,
  writeCertificates,
  readProbeRollups,
  pruneProbeRollups,
  rollupRowsOf,
  type ProbeSample,
  type CertificateWrite,
} from './probe-results.js';
export { rescheduleEditedCheck } from './edited-check.js';
export { rearmDeadlinesAfterRestore, type RearmSummary } from './restore-rearm.js';
export { CheckLocations, type LocationProbeResult } from './check-locations.js';
export { ProbeResultStore, type ProbeResult, type ProbeResultStoreDeps } from './probe-result-store.js';
export { readLocationHealth, type LocationHealth } from './location-health.js';
export { readProbeTargets, type ProbeTarget } from './probe-targets.js';
export { encodeProbeTarget, decodeProbeTarget, encodeProbeOutcome, decodeProbeOutcome, type ProbeOutcome } from './remote-probes.js';
export { PROBE_COLUMNS, PROBE_SECRETS_COLUMNS, probeSettingsSql, probeSecretsSql, probeSettingsOf } from './probe-columns.js';
