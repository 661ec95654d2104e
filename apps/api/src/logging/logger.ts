import { WinstonModule } from 'nest-winston';
import winston from 'winston';
import DailyRotateFile from 'winston-daily-rotate-file';
import type { AppConfig } from '../config/app.config';

export const LOG_FILE_PREFIX = 'application-';

/** One log file per day, DATA_DIR/logs/application-YYYY-MM-DD.log, as the admin log viewer reads them. */
export function createWinstonLogger(config: AppConfig): winston.Logger {
  const line = winston.format.printf(
    ({ timestamp, level, message, context }) => `${timestamp} ${level.toUpperCase()} [${context ?? 'App'}] ${message}`,
  );
  const transports: winston.transport[] = [
    new DailyRotateFile({
      dirname: config.logsDir,
      filename: `${LOG_FILE_PREFIX}%DATE%.log`,
      datePattern: 'YYYY-MM-DD',
      utc: true,
      maxFiles: '90d',
    }),
  ];
  if (config.logToConsole) transports.push(new winston.transports.Console());
  return winston.createLogger({
    level: config.logLevel,
    format: winston.format.combine(winston.format.timestamp(), line),
    transports,
  });
}

export function createNestLogger(config: AppConfig) {
  return WinstonModule.createLogger({ instance: createWinstonLogger(config) });
}
