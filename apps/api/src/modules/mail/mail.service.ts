import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Names this message for good (a queue row): the outbox writes it once, and SMTP sends it with this Message-ID. */
  key?: string;
}

/**
 * Sends e-mail over SMTP when SMTP_URL is set; otherwise writes each message as an RFC 5322 `.eml`
 * file in DATA_DIR/outbox, named so that names sort by send time.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private outboxSequence = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  async send({ key, ...mail }: OutgoingMail): Promise<void> {
    const messageId = key ? `<${key}@${new URL(this.config.publicUrl).hostname}>` : undefined;
    if (!this.config.smtpUrl && key && (await this.inOutbox(key))) return;
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail, ...(messageId && { messageId }) });
    if (this.config.smtpUrl) {
      this.logger.log(`Mail sent to ${mail.to}: ${mail.subject}`);
      return;
    }
    const file = path.join(this.config.outboxDir, this.nextOutboxName(key));
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`Mail to ${mail.to} written to outbox/${path.basename(file)}: ${mail.subject}`);
  }

  /**
   * 20261122T041500123Z-000001.eml: the time first, a counter to order messages of the same millisecond; a keyed
   * message ends in its key (…-000001-mail-{uuid}.eml), so a resend after a crash finds it written and writes no twin.
   */
  private nextOutboxName(key?: string): string {
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    this.outboxSequence = (this.outboxSequence + 1) % 1_000_000;
    return `${stamp}-${String(this.outboxSequence).padStart(6, '0')}${key ? `-${key}` : ''}.eml`;
  }

  private async inOutbox(key: string): Promise<boolean> {
    return (await fs.readdir(this.config.outboxDir)).some((name) => name.endsWith(`-${key}.eml`));
  }
}
