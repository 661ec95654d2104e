import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app.config';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  Logger.log(`Siplog listening on http://${config.host}:${config.port}`, 'Bootstrap');
  // A secret made up at start is no use unless the operator can find it: only they read the console and the logs.
  if (config.adminEmails.length > 0 && config.adminPathGenerated) {
    const lifetime = config.databaseUrl ? 'kept in the database for every node' : 'it changes at each start';
    Logger.log(`Admin screen (ADMIN_PATH is not set, so ${lifetime}): /admin/${config.adminPath}`, 'Bootstrap');
  }
}

void bootstrap();
