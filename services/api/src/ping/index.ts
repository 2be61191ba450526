import type { Express } from 'express';
import type { AppDeps } from '../app.js';

/** Mounts the ping receiver (DESIGN.md "Ping receiver"). Implemented by the pings work (issue 4). */
export function mountPingRoutes(_app: Express, _deps: AppDeps): void {}
