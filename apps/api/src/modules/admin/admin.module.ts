import { Module } from '@nestjs/common';
import { FederationModule } from '../federation/federation.module';
import { MapModule } from '../map/map.module';
import { uploadsToDisk } from '../media/uploads-to-disk';
import { PostModule } from '../post/post.module';
import { AdminFederationController } from './admin-federation.controller';
import { AdminFederationService } from './admin-federation.service';
import { AdminFilesController } from './admin-files.controller';
import { AdminFilesService } from './admin-files.service';
import { AdminMapRegionsController } from './admin-map-regions.controller';
import { AdminMapRegionsService } from './admin-map-regions.service';
import { AdminScreenService } from './admin-screen.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { AppSettingsRepository } from './app-settings.repository';

/** The operator's calls (spec §7 Admin): people and their posts, e-mail; log files, database backups and downloads; map regions; federation. */
@Module({
  imports: [PostModule, MapModule, FederationModule, uploadsToDisk],
  controllers: [AdminUsersController, AdminFilesController, AdminMapRegionsController, AdminFederationController],
  providers: [AdminUsersService, AdminUsersRepository, AdminFilesService, AdminScreenService, AppSettingsRepository, AdminMapRegionsService, AdminFederationService],
  exports: [AdminUsersService, AdminFilesService, AdminScreenService, AdminMapRegionsService, AdminFederationService],
})
export class AdminModule {}
