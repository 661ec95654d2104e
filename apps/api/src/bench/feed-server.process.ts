/**
 * A feed benchmark server in a process of its own (forked by feed.bench.ts), so the load generator and the server
 * each get a core and neither measures the other's work: `ours DATA_DIR` (the Nest app from createApp) or
 * `raw DATA_DIR` (raw-feed-server.ts). Listens on 127.0.0.1:0 and reports the port over IPC; answers 'cpu' with
 * its CPU time; exits on 'stop' or when the parent goes away. The admin benchmarks pass ADMIN_EMAIL as a third argument.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app.config';
import { createRawFeedServer } from './raw-feed-server';

/** `ours`: the app as it ships (public cache on); `uncached`: the same with PUBLIC_CACHE_MB=0; `raw`: the yardstick. */
export type ServerKind = 'ours' | 'uncached' | 'raw';
export type ToServer = 'cpu' | 'stop';
export type FromServer = { type: 'ready'; port: number; rss: number } | { type: 'cpu'; user: number; system: number; rss: number };

async function start(kind: ServerKind, dataDir: string, adminEmail = ''): Promise<{ server: http.Server; close: () => Promise<void> }> {
  if (kind === 'raw') {
    const server = createRawFeedServer(path.join(dataDir, 'app.db'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  // As bench.ts runs it: X-Forwarded-For is believed from loopback only (the feed calls have no rate limit anyway).
  const app = await createApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_TO_CONSOLE: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAILS: adminEmail,
      ...(kind === 'uncached' ? { PUBLIC_CACHE_MB: '0' } : {}),
    }),
  );
  await app.listen(0, '127.0.0.1');
  return { server: app.getHttpServer() as http.Server, close: () => app.close() };
}

async function main(): Promise<void> {
  const [kind, dataDir, adminEmail] = process.argv.slice(2) as [ServerKind, string, string | undefined];
  if (!['ours', 'uncached', 'raw'].includes(kind) || !dataDir || !process.send) throw new Error('usage: fork feed-server.process.js ours|uncached|raw DATA_DIR [ADMIN_EMAIL]');
  const { server, close } = await start(kind, dataDir, adminEmail);
  const send = (message: FromServer) => process.send?.(message);
  const stop = async () => {
    server.closeAllConnections?.();
    await close();
    process.exit(0);
  };
  process.on('message', (message: ToServer) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', user, system, rss: process.memoryUsage().rss });
    } else if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  send({ type: 'ready', port: (server.address() as AddressInfo).port, rss: process.memoryUsage().rss });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
