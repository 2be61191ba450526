import { statusPageUrl } from './status-page-url.js';
import type { StatusPageSettings } from './status-page-settings.js';
import { isoTimestamp } from '../timestamps.js';
import type { StatusPageResponse } from './status-page-response-schema.js';

/** A status page as the API shows it (docs/api.md, "Status page"). */
export function presentStatusPage(page: StatusPageSettings, appBaseUrl: string): StatusPageResponse {
  return {
    title: page.title,
    enabled: page.enabled,
    public_url: statusPageUrl(appBaseUrl, page.publicKey),
    groups: page.groups.map((g) => ({ name: g.name, checks: g.checkIds })),
    created_at: isoTimestamp(page.createdAt),
    updated_at: isoTimestamp(page.updatedAt),
  };
}
