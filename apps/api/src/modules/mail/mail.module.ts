import { Global, Module } from '@nestjs/common';
import { MailQueue } from './mail-queue';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailService, MailQueue], exports: [MailService, MailQueue] })
export class MailModule {}
