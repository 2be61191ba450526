import type { Request } from 'express';

/** The Healthchecks API version a request was made under: /api/v2 or /api/v3. */
export type HcVersion = 2 | 3;

export function hcVersionOf(req: Request): HcVersion {
  return req.baseUrl.startsWith('/api/v2') ? 2 : 3;
}
