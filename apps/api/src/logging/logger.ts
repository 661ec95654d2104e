import { WinstonModule } from 'nest-winston';
import winston from 'winston';
import DailyRotateFile from 'winston-daily-rotate-file';
import type { AppConfig } from '../config/app.config';

export const LOG_FILE_PREFIX = 'application-';

/** The log files open in this process, so a stop can write out their last lines before it exits. */
const openLogFiles = new Set<DailyRotateFile>();
/** What closing the log files may take at most: a stop must not hang on a stuck disk. */
const CLOSE_LOG_FILES_MS = 1_000;

/**
 * Writes out what is still buffered for the log files and closes them (process.exit would drop it: the file
 * stream writes asynchronously). For the very end of the process: nothing is written to the files afterwards.
 */
export async function closeLogFiles(): Promise<void> {
  // The logger hands its last lines to its transports on a later tick.
  await new Promise((resolve) => setImmediate(resolve));
  const closing = [...openLogFiles].map((file) => new Promise<void>((resolve) => {
    file.once('finish', () => resolve());
    file.close?.();
  }));
  openLogFiles.clear();
  await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, CLOSE_LOG_FILES_MS).unref())]);
}

/** One log file per day, DATA_DIR/logs/application-YYYY-MM-DD.log, as the admin log viewer reads them. */
export function createWinstonLogger(config: AppConfig): winston.Logger {
  const line = winston.format.printf(
    ({ timestamp, level, message, context }) => `${timestamp} ${level.toUpperCase()} [${context ?? 'App'}] ${message}`,
  );
  const file = new DailyRotateFile({
    dirname: config.logsDir,
    filename: `${LOG_FILE_PREFIX}%DATE%.log`,
    datePattern: 'YYYY-MM-DD',
    utc: true,
    maxFiles: '90d',
  });
  openLogFiles.add(file);
  file.once('finish', () => openLogFiles.delete(file));
  const transports: winston.transport[] = [file];
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
