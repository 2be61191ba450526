export { normalizeEmail, isPlausibleEmail, EMAIL_MAX_LENGTH } from './emails.js';
export {
  TOKEN_TTL_MS,
  userTokenPath,
  invitationPath,
  issueUserToken,
  findUsableToken,
  consumeToken,
  spendSecondStepAttempt,
  SECOND_STEP_ATTEMPTS_PER_TOKEN,
} from './user-tokens.js';
export { addUserToAccount } from './create-user.js';
export {
  totpCodeAt,
  startTotpSetup,
  pendingTotpSecret,
  confirmTotpSetup,
  replaceRecoveryCodes,
  verifySecondFactor,
  removeTwoFactor,
  unusedRecoveryCodes,
  hasSecondFactor,
} from './two-factor.js';
export {
  securityKeysOf,
  addSecurityKey,
  removeSecurityKey,
  recordSecurityKeyUse,
  setRegistrationChallenge,
  takeRegistrationChallenge,
  setSignInChallenge,
  takeSignInChallenge,
  type StoredSecurityKey,
} from './security-keys.js';
export { changeMembership, LastOwnerError, type MembershipChange } from './membership-changes.js';
