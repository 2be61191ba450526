import type { PlanName } from '@upmon/core';
import type { Actor } from './audit/actor.js';

/** The project a domain service acts in (the API key's, or the web app's current project). */
export interface ProjectScope {
  projectId: string;
  accountId: string;
  plan: PlanName;
  /** Who acts: recorded in the audit log by the operations that log (docs/web.md, "Audit log"). */
  actor: Actor;
}
