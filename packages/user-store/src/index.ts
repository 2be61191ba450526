export { normalizeEmail, isPlausibleEmail, EMAIL_MAX_LENGTH } from './emails.js';
export { TOKEN_TTL_MS, userTokenPath, invitationPath, issueUserToken, findUsableToken, consumeToken } from './user-tokens.js';
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
} from './two-factor.js';
export { changeMembership, LastOwnerError, type MembershipChange } from './membership-changes.js';
