import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import os from 'node:os';
import { Logger, type INestApplication } from '@nestjs/common';
import { closeLogFiles } from './logging/logger';

/** The signals that stop the server cleanly: a container runtime's stop (SIGTERM) and Ctrl-C (SIGINT). */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * After the grace, what closing the app (its shutdown hooks: the mailer's round, the media sweep, the event bus, the
 * database) may take, together with whatever the grace left unused. Past it the process gives up and exits 1: with
 * the default grace (8 s) the whole stop stays under the 10 s a container runtime waits before it kills.
 */
export const CLOSE_APP_MS = 1_500;

export interface GracefulStopOptions {
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take before their connections are cut. */
  graceMs: number;
  /** Ends the process (process.exit). */
  exit?: (code: number) => void;
}

/** A response that never ends by itself (Server-Sent Events): it would only hold the stop for the whole grace. */
function isEventStream(res: ServerResponse): boolean {
  return String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

const requests = (count: number) => `${count} request${count === 1 ? '' : 's'}`;

/**
 * Stops the app cleanly on SIGTERM or SIGINT, in place of Nest's enableShutdownHooks (which closes the app and then
 * raises the signal again, so the process ends "killed by SIGTERM", exit 143 under an init, never 0):
 *
 * 1. The listening socket closes at once (new connections are refused) and idle kept-alive connections are closed.
 *    Requests in flight go on: their answers say `Connection: close`, so each connection ends with its answer, and
 *    event streams (the unread count) are ended now, as a client reconnects to another node or after the restart.
 * 2. Once the last request is answered, or after `graceMs`, when whatever is left is cut, the Nest app is closed:
 *    its BeforeApplicationShutdown and OnApplicationShutdown hooks run (mailer, sweeper, event bus, the database).
 * 3. The process exits 0; 1 if closing the app failed or outlasted CLOSE_APP_MS. A second signal meanwhile exits at
 *    once, with the signal's usual code (130 for SIGINT, 143 for SIGTERM).
 */
export function stopGracefullyOnSignals(app: INestApplication, { graceMs, exit = (code) => process.exit(code) }: GracefulStopOptions): void {
  const server = app.getHttpServer() as Server;
  const logger = new Logger('Stop');
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  /** Exits with `code` once the log files have their last lines. */
  const exitAfterLogs = (code: number) => void closeLogFiles().finally(() => exit(code));

  const closeAfter = (res: ServerResponse) => {
    // Said before the head goes out, Node ends the connection after this answer; once it has gone, the connection
    // is idle after the answer and closed then.
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else if (isEventStream(res) && !res.writableEnded) res.end();
  };

  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (res.writableFinished) return;
    inFlight.add(res);
    if (stopping) closeAfter(res);
    const done = () => {
      if (!inFlight.delete(res) || !stopping) return;
      // The connection turns idle once Node has detached the answer from it.
      setImmediate(() => server.closeIdleConnections());
    };
    res.once('finish', done);
    res.once('close', done);
  });

  async function stop(signal: StopSignal): Promise<void> {
    const startedAt = Date.now();
    logger.log(`Stopping (${signal}): no new connections; waiting up to ${graceMs} ms for ${requests(inFlight.size)} in flight`);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const res of inFlight) closeAfter(res);
    const cut = setTimeout(() => {
      logger.warn(`${requests(inFlight.size)} still in flight after ${graceMs} ms: closing ${inFlight.size === 1 ? 'its connection' : 'their connections'}`);
      server.closeAllConnections();
    }, graceMs);
    await drained;
    clearTimeout(cut);

    const giveUp = setTimeout(() => {
      logger.error(`The app did not close within ${Date.now() - startedAt} ms of ${signal}: exiting without waiting for it`);
      exitAfterLogs(1);
    }, Math.max(0, startedAt + graceMs + CLOSE_APP_MS - Date.now()));
    giveUp.unref();
    await app.close();
    clearTimeout(giveUp);
    logger.log(`Stopped in ${Date.now() - startedAt} ms`);
    await closeLogFiles();
    exit(0);
  }

  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn(`${signal} again while stopping: exiting now`);
        exit(128 + os.constants.signals[signal]);
        return;
      }
      stopping = true;
      stop(signal).catch((error: unknown) => {
        logger.error(`The stop failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        exitAfterLogs(1);
      });
    });
  }
}
