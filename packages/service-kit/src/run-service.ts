import { ConfigError, type Env } from '@upmon/config';
import { createLogger, type Logger } from '@upmon/logger';

export interface RunningService {
  /** Stop taking work, finish what is held, close connections. */
  stop(): Promise<void>;
}

export interface ServiceDefinition<C extends { logLevel: string; shutdownTimeoutMs: number }> {
  name: string;
  loadConfig(env: Env): C;
  start(config: C, logger: Logger): Promise<RunningService>;
}

/**
 * The process shell shared by all four services: validate config (exit 1 naming the variable),
 * start, log one line when ready, and on SIGTERM/SIGINT stop cleanly and exit 0 (1 if stopping
 * failed or took longer than SHUTDOWN_TIMEOUT_MS).
 */
export async function runService<C extends { logLevel: string; shutdownTimeoutMs: number }>(def: ServiceDefinition<C>, env: Env): Promise<void> {
  let config: C;
  try {
    config = def.loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${def.name}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({ service: def.name, level: config.logLevel });
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  let running: RunningService;
  try {
    running = await def.start(config, logger);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    running.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
