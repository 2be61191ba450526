import type { ReadinessCheck } from '@upmon/service-kit';
import type { WebDeps } from '@upmon/web';
import type { RemoteProbers } from './v1/prober/remote-probers.js';

/** What the api's Express app and its routers are built from; start-api.ts owns and closes each. */
export interface AppDeps extends WebDeps {
  readiness: Record<string, ReadinessCheck>;
  isShuttingDown: () => boolean;
  /** Private locations' probers (/api/v1/prober): their jobs, handed probes and results. */
  remoteProbers: RemoteProbers;
}
