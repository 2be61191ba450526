/** `<base>/status/<public_key>`: a project's public status page (docs/status-pages.md). */
export function statusPageUrl(base: string, publicKey: string): string {
  return `${base}/status/${publicKey}`;
}

/** Public keys are made by PostgreSQL like badge keys: 32 lowercase hex digits. */
export const STATUS_PAGE_KEY = /^[0-9a-f]{32}$/;
