import pg from 'pg';

export interface PgListener {
  close(): Promise<void>;
}

export interface PgListenOptions {
  /** Called for every notification on the channel, and after each (re)connection: what was
   *  notified while the connection was down is not replayed, so the caller catches up then. */
  onWake(): void;
  logger?: { warn(fields: object, msg: string): void; info(fields: object, msg: string): void };
  /** First reconnection delay; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * `LISTEN channel` on a connection of its own (a pooled one would lose it), reconnecting with
 * backoff when the server ends it. Notifications are only a wake-up: callers must also poll,
 * since nothing sent while the connection is down reaches it.
 */
export function listenPg(databaseUrl: string, channel: string, opts: PgListenOptions): PgListener {
  const retryMs = opts.retryMs ?? 500;
  const maxRetryMs = opts.maxRetryMs ?? 10_000;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = retryMs;
  let timer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;

  const retry = (err: Error) => {
    if (closed || timer) return;
    opts.logger?.warn({ err: err.message, channel, retryInMs: delay }, 'LISTEN connection lost; reconnecting');
    timer = setTimeout(() => {
      timer = null;
      connecting = connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, maxRetryMs);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === channel) opts.onWake();
    });
    // A server that ends the connection emits 'error' and/or 'end'; either starts one reconnection.
    const lost = (err: Error) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      retry(err);
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (closed) {
        await c.end();
        return;
      }
      delay = retryMs;
      opts.onWake();
    } catch (err) {
      lost(err as Error);
    }
  }

  connecting = connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
