import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from './config/app.config';
import { ConfigError } from './config/config-error';
import { stopGracefullyOnSignals } from './graceful-stop';
import { unsupportedNodeMessage } from './supported-node';

async function bootstrap(): Promise<void> {
  // Before the database driver loads: on an older Node it would crash the process with no word of why.
  const unsupported = unsupportedNodeMessage();
  if (unsupported) throw new ConfigError(unsupported);
  const config = loadConfig();
  // Loaded once the settings are accepted, so a refused one is told at once rather than after every module loads.
  const { createApp } = await import('./app.factory.js');
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  // From here a SIGTERM or SIGINT finishes the requests in flight, closes the app and exits 0.
  stopGracefullyOnSignals(app, { graceMs: config.shutdownGraceMs });
  Logger.log(`Siplog listening on http://${config.host}:${config.port}`, 'Bootstrap');
  // A secret made up at start is no use unless the operator can find it: only they read the console and the logs.
  if (config.adminEmails.length > 0 && config.adminPathGenerated) {
    const lifetime = config.databaseUrl ? 'kept in the database for every node' : 'it changes at each start';
    Logger.log(`Admin screen (ADMIN_PATH is not set, so ${lifetime}): /admin/${config.adminPath}`, 'Bootstrap');
  }
}

bootstrap().catch((error: unknown) => {
  // A refused setting says all there is to say; a stack and a source line would only bury it.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  // A real crash: rethrown unhandled, so Node prints its stack and exits 1 as before.
  throw error;
});
