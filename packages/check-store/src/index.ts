export { checkRowToState, stateToCheckColumns, scheduleOf, confirmationsOf } from './check-state-mapper.js';
export { applyCheckEvent, applyCheckEventInTx, type AppliedEvent } from './apply-check-event.js';
export { publishFlips, type CommittedFlip } from './publish-flips.js';
export { recordPingInTx, type PingInput } from './record-ping.js';
