export { createCipher, keyIdOf, type Cipher } from './cipher.js';
export { AAD } from './aad.js';
export { generateApiKey, hashApiKey, parseApiKey, type GeneratedApiKey, type ApiKeyKindName } from './api-key.js';
export { generateLocationCode, generateLocationKey, locationKeyHash, type GeneratedLocationKey } from './location-key.js';
export { randomToken, sha256Hex } from './tokens.js';
export { hashPassword, verifyPassword, passwordProblem, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './password.js';
export { createAckTokens, ACK_LINK_TTL_MS, ACK_TOKEN_LENGTH, type AckTokens, type AckTokenClaims, type AckTokenCheck } from './ack-token.js';
export { createListCursors, MAX_LIST_CURSOR_LENGTH, type ListCursors } from './list-cursor.js';
