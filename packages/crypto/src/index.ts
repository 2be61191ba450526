export { createCipher, type Cipher } from './cipher.js';
export { generateApiKey, hashApiKey, parseApiKey, type GeneratedApiKey, type ApiKeyKindName } from './api-key.js';
export { randomToken, sha256Hex } from './tokens.js';
