import pg from 'pg';

export interface PgListener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface PgListenOptions {
  /** A message on the channel (its payload text). */
  onMessage(payload: string): void;
  /** The connection was lost and is back: messages sent meanwhile were missed. */
  onGap(): void;
  /** A connection attempt failed (it is retried with backoff). */
  onError?(error: Error): void;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * LISTEN on one dedicated connection (a pooled one would be lent to queries and lose it), reconnecting with a
 * bounded backoff for as long as it is open. PostgreSQL delivers NOTIFY to every listening session at commit.
 */
export async function listenPg(url: string, channel: string, options: PgListenOptions): Promise<PgListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) options.onMessage(message.payload ?? '');
    });
    next.on('error', (error) => options.onError?.(error));
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      schedule(true);
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    retryMs = RETRY_MIN_MS;
  };

  const schedule = (afterLoss: boolean): void => {
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => {
          if (afterLoss) options.onGap();
        },
        (error: Error) => {
          options.onError?.(error);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          if (!closed) schedule(afterLoss);
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
