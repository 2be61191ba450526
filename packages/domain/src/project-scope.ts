import type { PlanName } from '@upmon/core';

/** The project a domain service acts in (the API key's, or the web app's current project). */
export interface ProjectScope {
  projectId: string;
  accountId: string;
  plan: PlanName;
}
