import { Global, Module } from '@nestjs/common';
import { MailQueueRepository } from './mail-queue.repository';
import { MailQueue } from './mail-queue.service';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailService, MailQueueRepository, MailQueue], exports: [MailService, MailQueue] })
export class MailModule {}
