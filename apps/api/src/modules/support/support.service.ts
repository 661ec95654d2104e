import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONTACT_MESSAGES, type ClientLogRequest, type ContactRequest } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { MailService } from '../mail/mail.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { SupportRepository, type ContactMessage } from './support.repository';

const UNMAILED_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Collapses line breaks so one client message stays one log line (no forged entries). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

@Injectable()
export class SupportService {
  private readonly logger = new Logger(SupportService.name);
  private readonly clientLogger = new Logger('ClientLog');

  constructor(
    private readonly repository: SupportRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
  ) {}

  info(): { supportEmail: string } {
    return { supportEmail: this.config.supportEmail };
  }

  /**
   * Stores the message first (nothing is lost if mail fails), then e-mails the support address. A retry
   * of a message whose mail failed (the failure dialog invites one) mails the stored row again instead of
   * storing a second copy.
   */
  async contact(client: ClientInfo, input: ContactRequest): Promise<void> {
    await this.rateLimit.consume('contact', client.ip);
    const values: ContactMessage = {
      supportEmail: this.config.supportEmail,
      clientEmail: input.clientemail,
      firstName: input.firstname,
      lastName: input.lastname,
      phone: input.phone,
      message: input.message,
      ip: client.ip,
    };
    const unmailedId = await this.repository.findUnmailed(input.clientemail, input.message, new Date(Date.now() - UNMAILED_RETRY_WINDOW_MS));
    // A retry may correct the name or phone: the stored row takes the latest, as the mail does.
    const savedId =
      unmailedId === undefined ? await this.repository.insertMessage(values) : await this.repository.replaceMessage(unmailedId, values);
    try {
      await this.mail.send({
        to: this.config.supportEmail,
        replyTo: input.clientemail,
        subject: `Siplog contact: ${input.firstname} ${input.lastname}`,
        text: [
          `From: ${input.firstname} ${input.lastname} <${input.clientemail}>`,
          `Phone: ${input.phone}`,
          '',
          input.message,
        ].join('\n'),
      });
    } catch (error) {
      this.logger.error(`Contact message ${savedId} stored but not mailed: ${(error as Error).message}`);
      throw new AppError('UNAVAILABLE', CONTACT_MESSAGES.failed.body);
    }
    await this.repository.markMailed(savedId, new Date());
    this.logger.log(`Contact message ${savedId} sent to support`);
  }

  /** Records a client-side error with the caller's IP first and the referrer last (spec §7 clientLog). */
  async clientLog(client: ClientInfo, input: ClientLogRequest): Promise<void> {
    await this.rateLimit.consume('clientLog', client.ip);
    const line = oneLine(`${client.ip} ${withoutSecrets(input.msg)} ${withoutSecrets(client.referrer)}`.trim());
    const log = {
      error: () => this.clientLogger.error(line),
      warn: () => this.clientLogger.warn(line),
      info: () => this.clientLogger.log(line),
      debug: () => this.clientLogger.debug(line),
    } satisfies Record<ClientLogRequest['level'], () => void>;
    log[input.level]();
  }
}

/** Client text is not trusted to be clean: bearer tokens and JWTs never reach a log file. */
export function withoutSecrets(text: string): string {
  return text
    .replace(/\bBearer\s+\S+/gi, 'Bearer [redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted token]');
}
