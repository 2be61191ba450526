export { statusPageUrl } from '@upmon/core';

/** Public keys are made by PostgreSQL like badge keys: 32 lowercase hex digits. */
export const STATUS_PAGE_KEY = /^[0-9a-f]{32}$/;
