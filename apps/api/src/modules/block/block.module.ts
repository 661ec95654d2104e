import { Global, Module } from '@nestjs/common';
import { BlockController } from './block.controller';
import { BlockRepository } from './block.repository';
import { BlockService } from './block.service';

/** Global: the post, user, place and notification reads ask BlockService whom to hide from the viewer. */
@Global()
@Module({ controllers: [BlockController], providers: [BlockRepository, BlockService], exports: [BlockService] })
export class BlockModule {}
