import type { BadgeResponse } from './badge-response-schema.js';
import type { ProjectBadge } from './project-badges.js';

/** A badge as the API lists it: its tag and its URLs. */
export function presentBadge(b: ProjectBadge): BadgeResponse {
  return { tag: b.tag, svg: b.urls.svg, json: b.urls.json, shields: b.urls.shields };
}
