import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ADMIN_MESSAGES, adminDownloadSchema, logFileSchema } from '@siplog/contracts';
import type { Database } from '@siplog/db';
import { AppError } from '../../common/app-error';
import { parseInput } from '../../common/zod-issue';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';
import { DATABASE } from '../database/database.module';

/** The most of one day's log a reply carries: its last 5 MB, after a note saying so. */
export const LOG_REPLY_MAX_BYTES = 5 * 1024 * 1024;

/** Backups are named only by the server: siplog-backup-YYYYMMDD-HHmmss-{8 hex}.db. */
export const BACKUP_FILE_PATTERN = /^siplog-backup-\d{8}-\d{6}-[0-9a-f]{8}\.db$/;

const INVALID_LOG_FILE = 'Invalid log file name.';
const INVALID_BACKUP_FILE = 'Invalid backup file name.';
const LOG_NOT_FOUND = 'No log file for that day.';
const BACKUP_NOT_FOUND = 'No such backup file.';
export const BACKUP_FAILED = 'The backup could not be made or did not pass its integrity check. Please try again.';
/** The answer to a backup request on PostgreSQL: its backups are the database's own job (409, shown as it is). */
export const BACKUP_ON_POSTGRESQL =
  'Backups of a PostgreSQL database are made with pg_dump or point-in-time recovery, not here: see the README.';

export interface LogFileAnswer {
  /** The day's log, base64 of its UTF-8 text. */
  data: string;
  /** True when only the last LOG_REPLY_MAX_BYTES were sent (the text then starts with a note line). */
  truncated: boolean;
  /** The name of the node that read it (NODE_NAME, else host and port): each API node keeps its own log files. */
  node: string;
}

export interface BackupAnswer {
  status: 200;
  msg: string;
  filename: string;
}

export interface BackupFile {
  filename: string;
  path: string;
  size: number;
}

/** A real calendar day (2026-02-30 and 2026-13-45 are not). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYYMMDD-HHmmss in UTC, as backup names carry it. */
function stamp(now: Date): string {
  const iso = now.toISOString(); // 2026-11-23T22:34:05.123Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** Keeps an untrusted value to one short log line. */
function forLog(value: unknown): string {
  return JSON.stringify(String(value).slice(0, 120));
}

/**
 * The operator's files (spec §7 Admin, design §7): the day's log, online database backups and their
 * download. Every method asks for an admin first, before it looks at its input, so REST and tRPC share
 * one check and a non-admin learns nothing from a refused body. Files are reached only by names that
 * match their own pattern, resolved inside their own folder: never a path.
 */
@Injectable()
export class AdminFilesService {
  private readonly logger = new Logger('AdminAudit');
  /** Backups run one after another: a second request waits for the first. */
  private backupQueue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
  ) {}

  /** The admin check alone, for transports that want it before parsing their input. */
  requireAdmin(actor: AuthUser): void {
    this.auth.requireAdmin(actor);
  }

  /** `getFRLogfileInfo`: one day's log of this node as base64; 404 when that day has no file. */
  async logFile(actor: AuthUser, input: unknown): Promise<LogFileAnswer> {
    this.auth.requireAdmin(actor);
    const filename = this.parseName(logFileSchema, input, 'logs');
    const file = this.insideFolder(this.config.logsDir, filename, this.isLogFileName(filename), INVALID_LOG_FILE);

    const handle = await this.openRegularFile(file, LOG_NOT_FOUND);
    try {
      const { size } = await handle.stat();
      const truncated = size > LOG_REPLY_MAX_BYTES;
      const length = truncated ? LOG_REPLY_MAX_BYTES : size;
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, size - length + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      let body = buffer.subarray(0, read);
      if (truncated) {
        // Start at a whole line, after a note that says what was left out.
        const firstBreak = body.indexOf(0x0a);
        if (firstBreak >= 0) body = body.subarray(firstBreak + 1);
        const skipped = size - body.length;
        const note = `[log truncated: this day's file is ${size} bytes; only its last ${body.length} bytes are shown, the first ${skipped} bytes are left out]\n`;
        body = Buffer.concat([Buffer.from(note, 'utf8'), body]);
      }
      this.logger.log(`admin ${actor.email} read log file ${filename} (${size} bytes${truncated ? ', truncated' : ''})`);
      return { data: body.toString('base64'), truncated, node: this.config.nodeName };
    } finally {
      await handle.close();
    }
  }

  /**
   * `backupdatabase`: an online backup of the live database into DATA_DIR/backups, checked with
   * `PRAGMA integrity_check` before it gets its name; a copy that fails the check is deleted (503).
   * On PostgreSQL it is 409 with BACKUP_ON_POSTGRESQL: pg_dump or point-in-time recovery do that job.
   */
  async backup(actor: AuthUser, input: unknown = {}): Promise<BackupAnswer> {
    this.auth.requireAdmin(actor);
    if (input !== undefined && input !== null && (typeof input !== 'object' || Object.keys(input).length > 0)) {
      throw new AppError('BAD_REQUEST', 'backupdatabase takes no fields.');
    }
    // The online backup copies the SQLite file; a PostgreSQL database is backed up by its own tools.
    if (!this.db.onlineBackup) {
      this.logger.log(`admin ${actor.email} asked for a database backup: refused, the database is PostgreSQL`);
      throw new AppError('CONFLICT', BACKUP_ON_POSTGRESQL);
    }
    const run = this.backupQueue.then(() => this.makeBackup(actor));
    this.backupQueue = run.catch(() => undefined);
    return run;
  }

  /** `downloadanyfile`: a backup made by `backup`, by its name; 400 for any other name, 404 when gone. */
  async backupFile(actor: AuthUser, input: unknown): Promise<BackupFile> {
    this.auth.requireAdmin(actor);
    const filename = this.parseName(adminDownloadSchema, input, 'backups');
    const file = this.insideFolder(this.config.backupsDir, filename, BACKUP_FILE_PATTERN.test(filename), INVALID_BACKUP_FILE);
    const handle = await this.openRegularFile(file, BACKUP_NOT_FOUND);
    let size: number;
    try {
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    this.logger.log(`admin ${actor.email} downloaded backup ${filename} (${size} bytes)`);
    return { filename, path: file, size };
  }

  private async makeBackup(actor: AuthUser): Promise<BackupAnswer> {
    const started = Date.now();
    const filename = `siplog-backup-${stamp(new Date())}-${crypto.randomBytes(4).toString('hex')}.db`;
    const finalPath = path.join(this.config.backupsDir, filename);
    // Written under a name no download accepts, and renamed only once it passed its check.
    const partialPath = `${finalPath}.partial`;
    this.logger.log(`admin ${actor.email} started database backup ${filename}`);
    let check: string[];
    try {
      // backup() refused a database without an online backup.
      if (!this.db.onlineBackup) throw new Error('this database has no online backup');
      fs.mkdirSync(this.config.backupsDir, { recursive: true });
      check = await this.db.onlineBackup(partialPath);
    } catch (error) {
      this.removeQuietly(partialPath);
      this.logger.error(`admin ${actor.email}: database backup ${filename} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new AppError('UNAVAILABLE', BACKUP_FAILED);
    }
    if (check.length !== 1 || check[0] !== 'ok') {
      this.removeQuietly(partialPath);
      this.logger.error(`admin ${actor.email}: database backup ${filename} failed its integrity check: ${check.slice(0, 5).join('; ')}`);
      throw new AppError('UNAVAILABLE', BACKUP_FAILED);
    }
    fs.renameSync(partialPath, finalPath);
    const { size } = fs.statSync(finalPath);
    this.logger.log(`admin ${actor.email} finished database backup ${filename} (${size} bytes, integrity ok, ${Date.now() - started} ms)`);
    return { status: 200, msg: ADMIN_MESSAGES.backupDone.body, filename };
  }

  /** The input's file name, or 400 (and an audit line: refused names are worth seeing). */
  private parseName(schema: typeof logFileSchema | typeof adminDownloadSchema, input: unknown, folder: string): string {
    try {
      return parseInput(schema, input).filename;
    } catch (error) {
      const claimed = input !== null && typeof input === 'object' ? (input as Record<string, unknown>).filename : input;
      this.logger.warn(`refused file name ${forLog(claimed)} for ${folder}`);
      throw error;
    }
  }

  private isLogFileName(filename: string): boolean {
    const match = /^application-(\d{4})-(\d{2})-(\d{2})\.log$/.exec(filename);
    return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }

  /** The file of a validated name directly inside `folder`; 400 (and an audit line) for anything else. */
  private insideFolder(folder: string, filename: string, nameIsValid: boolean, message: string): string {
    const root = path.resolve(folder);
    const file = path.resolve(root, filename);
    if (!nameIsValid || path.dirname(file) !== root || path.basename(file) !== filename) {
      this.logger.warn(`refused file name ${forLog(filename)} for ${path.basename(root)}`);
      throw new AppError('BAD_REQUEST', message);
    }
    return file;
  }

  /** Opens a regular file, not following a symbolic link; 404 when there is none. */
  private async openRegularFile(file: string, notFound: string): Promise<fs.promises.FileHandle> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') throw new AppError('NOT_FOUND', notFound);
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      throw new AppError('NOT_FOUND', notFound);
    }
    return handle;
  }

  private removeQuietly(file: string): void {
    for (const candidate of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) {
      try {
        fs.rmSync(candidate, { force: true });
      } catch {
        // best effort: a leftover partial file is never downloadable
      }
    }
  }
}
