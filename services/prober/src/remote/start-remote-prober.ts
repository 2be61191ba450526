import type { RemoteProberConfig } from '@upmon/config';
import type { Logger } from '@upmon/logger';
import { createProbeContext } from '@upmon/probes';
import { closeServer, startHealthServer, systemClock, type RunningService } from '@upmon/service-kit';
import { RemoteApiClient } from './remote-api-client.js';
import { RemoteProberLoop } from './remote-prober-loop.js';

/**
 * Every address: a private location probes what its own network reaches (docs/locations.md). This
 * comes from the prober's mode, set by whoever runs it, never from a job.
 */
const ANY_ADDRESS = ['0.0.0.0/0', '::/0'];

/** Exit status when the location key is refused: a configuration problem (EX_CONFIG), not a crash. */
export const KEY_REFUSED_EXIT_CODE = 78;

export interface RemoteProberOverrides {
  /** Called when the key is refused (default: exit with KEY_REFUSED_EXIT_CODE). */
  onKeyRefused?: () => void;
  maxBackoffMs?: number;
}

/** PROBER_MODE=remote: a private location's prober, talking only to the api, over HTTPS, with its location key. */
export async function startRemoteProber(config: RemoteProberConfig, logger: Logger, overrides: RemoteProberOverrides = {}): Promise<RunningService> {
  const probes = createProbeContext({ allowCidrs: ANY_ADDRESS, userAgent: config.userAgent, now: () => systemClock.now() });
  const loop = new RemoteProberLoop({
    client: new RemoteApiClient(config.apiUrl, config.locationKey, config.userAgent),
    probes,
    logger,
    concurrency: config.concurrency,
    pollWaitSec: config.pollWaitSec,
    ...(overrides.maxBackoffMs ? { maxBackoffMs: overrides.maxBackoffMs } : {}),
  });
  let shuttingDown = false;
  const health = await startHealthServer({ host: config.httpHost, port: config.port, readiness: {}, logger }, () => shuttingDown);
  const running = loop.run();
  void running.then(async (outcome) => {
    if (outcome !== 'refused') return;
    shuttingDown = true;
    await closeServer(health);
    probes.destroy();
    (overrides.onKeyRefused ?? (() => process.exit(KEY_REFUSED_EXIT_CODE)))();
  });
  logger.info({ api: config.apiUrl, concurrency: config.concurrency }, 'remote prober ready');
  return {
    async stop() {
      shuttingDown = true;
      await loop.stop();
      await running;
      await closeServer(health).catch(() => undefined);
      probes.destroy();
    },
  };
}
