import { Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { FollowSuggestionsService } from './follow-suggestions.service';
import { UserController } from './user.controller';
import { UserService } from './user.service';

@Module({ imports: [PlaceModule], controllers: [UserController], providers: [UserService, FollowSuggestionsService], exports: [UserService, FollowSuggestionsService] })
export class UserModule {}
