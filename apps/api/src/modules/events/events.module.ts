import { Global, Module } from '@nestjs/common';
import { EventBus } from './event-bus.service';
import { EventClockRepository } from './event-clock.repository';

@Global()
@Module({ providers: [EventClockRepository, EventBus], exports: [EventBus] })
export class EventsModule {}
