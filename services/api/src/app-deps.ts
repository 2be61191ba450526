import type { ReadinessCheck } from '@upmon/service-kit';
import type { WebDeps } from '@upmon/web';

/** What the api's Express app and its routers are built from; start-api.ts owns and closes each. */
export interface AppDeps extends WebDeps {
  readiness: Record<string, ReadinessCheck>;
  isShuttingDown: () => boolean;
}
