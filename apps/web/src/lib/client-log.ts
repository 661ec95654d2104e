import { LIMITS, type ClientLogRequest } from '@siplog/contracts';
import { trpcClient } from './trpc';

/**
 * Reports a client-side problem to the server log (spec §7 clientLog). It never throws: a failure is
 * only written to the console. The server adds the caller's IP and the referrer itself.
 */
export function logToServer(level: ClientLogRequest['level'], msg: string): void {
  trpcClient.support.clientLog
    .mutate({ level, msg: msg.slice(0, LIMITS.clientLogMessageMax) })
    .catch((error: unknown) => console.error('clientLog failed', error));
}
