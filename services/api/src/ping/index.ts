import type { Express } from 'express';
import type { AppDeps } from '../app.js';

export { createPingReceiver, type PingReceiver, type PingReceiverDeps } from './ping-receiver.js';
export { parsePingUrl } from './ping-url.js';

/**
 * Ping URLs are answered by the raw node:http ping receiver that start-api.ts puts in FRONT of
 * Express (see docs/pings.md: the Express stack costs more than the ping itself), so nothing is
 * mounted here; a request that reaches Express is not a ping and gets Express's 404.
 */
export function mountPingRoutes(_app: Express, _deps: AppDeps): void {}
