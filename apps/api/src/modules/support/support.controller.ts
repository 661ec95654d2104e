import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clientLogSchema, contactRequestSchema, type ClientLogRequest, type ContactRequest } from '@siplog/contracts';
import { Client, type ClientInfo } from '../../common/client-info';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { SupportService } from './support.service';

@ApiTags('support')
@Controller('api')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post('user/requestinformation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Contact form: stores the message and e-mails support' })
  @ApiZodBody(contactRequestSchema)
  async requestInformation(@Client() client: ClientInfo, @ZodBody(contactRequestSchema) body: ContactRequest) {
    await this.support.contact(client, body);
    return { status: 200, msg: 'Message sent' };
  }

  @Post('clientLog')
  @HttpCode(200)
  @ApiOperation({ summary: 'Records a client-side error with the caller IP and referrer' })
  @ApiZodBody(clientLogSchema)
  async clientLog(@Client() client: ClientInfo, @ZodBody(clientLogSchema) body: ClientLogRequest) {
    await this.support.clientLog(client, body);
    return { status: 200 };
  }
}
