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

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (this.config.smtpUrl) {
      this.logger.log(`Mail sent to ${mail.to}: ${mail.subject}`);
      return;
    }
    const file = path.join(this.config.outboxDir, this.nextOutboxName());
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`Mail to ${mail.to} written to outbox/${path.basename(file)}: ${mail.subject}`);
  }

  /** 20261122T041500123Z-000001.eml: the time first, a counter to order messages of the same millisecond. */
  private nextOutboxName(): string {
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    this.outboxSequence = (this.outboxSequence + 1) % 1_000_000;
    return `${stamp}-${String(this.outboxSequence).padStart(6, '0')}.eml`;
  }
}
