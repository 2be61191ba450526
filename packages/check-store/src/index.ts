export { checkRowToState, stateToCheckColumns, scheduleOf, confirmationsOf } from './check-state-mapper.js';
export { applyCheckEvent, applyCheckEventInTx, type AppliedEvent } from './apply-check-event.js';
export { flipNotifies, type CommittedFlip } from './flip-notifies.js';
export { recordPingInTx, type PingInput } from './record-ping.js';
export {
  CHECK_STATE_COLUMNS,
  sqlRowToState,
  saveStatesAndFlips,
  checkUpdateSql,
  flipInsertSql,
  TimestampTexts,
  type CheckSqlRow,
  type CheckStateWrite,
  type FlipWrite,
  type SqlClient,
} from './check-sql.js';
export { claimDueApplyingCommonTimeouts, offScheduleDeadlineText, type ClaimedTimeouts } from './timeout-sql.js';
export {
  FLIPS_WAITING_CHANNEL,
  claimWaitingFlips,
  markFannedOut,
  handBackFannedOut,
  firstFannedOutSince,
  readWaitingFlipsBacklog,
  type WaitingFlip,
} from './flip-handoff.js';
