export { parseAllowList, isAddressAllowed, blockReason, EMPTY_ALLOW_LIST, type AllowList } from './address-policy.js';
export { OutboundBlockedError } from './outbound-blocked-error.js';
export { createGuardedLookup, type LookupFunction } from './guarded-lookup.js';
export { GuardedHttpAgent, GuardedHttpsAgent } from './guarded-agents.js';
export { createOutboundGuard, type OutboundGuard, type OutboundGuardOptions } from './outbound-guard.js';
export { connectGuardedSocket, type GuardedSocketOptions } from './guarded-socket.js';
