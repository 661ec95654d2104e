import { Module } from '@nestjs/common';
import { PlaceModule } from '../place/place.module';
import { AccountDeletionService } from './account-deletion.service';
import { DataExportService } from './data-export.service';
import { FollowSuggestionsRepository } from './follow-suggestions.repository';
import { FollowSuggestionsService } from './follow-suggestions.service';
import { OwnDataController } from './own-data.controller';
import { OwnDataRepository } from './own-data.repository';
import { UserController } from './user.controller';
import { UserRepository } from './user.repository';
import { PeopleElsewhereRepository } from './people-elsewhere.repository';
import { PeopleElsewhereService } from './people-elsewhere.service';
import { UserService } from './user.service';
import { AccountEvents } from './account-events';

@Module({
  imports: [PlaceModule],
  controllers: [UserController, OwnDataController],
  providers: [
    AccountEvents,
    UserRepository,
    UserService,
    FollowSuggestionsRepository,
    FollowSuggestionsService,
    OwnDataRepository,
    AccountDeletionService,
    DataExportService,
    PeopleElsewhereRepository,
    PeopleElsewhereService,
  ],
  exports: [UserService, FollowSuggestionsService, AccountDeletionService, AccountEvents, PeopleElsewhereService],
})
export class UserModule {}
