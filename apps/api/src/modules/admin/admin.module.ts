import crypto from 'node:crypto';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { MapModule } from '../map/map.module';
import { PostModule } from '../post/post.module';
import { AdminFilesController } from './admin-files.controller';
import { AdminFilesService } from './admin-files.service';
import { AdminMapRegionsController } from './admin-map-regions.controller';
import { AdminMapRegionsService } from './admin-map-regions.service';
import { AdminScreenService } from './admin-screen.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { AppSettingsRepository } from './app-settings.repository';

/** A map region's .pmtiles file is received to disk under a name of our own (it may be hundreds of MB). */
const uploadsToDisk = MulterModule.registerAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    storage: diskStorage({
      destination: config.uploadsDir,
      filename: (_request, _file, done) => done(null, `${crypto.randomBytes(16).toString('hex')}.upload`),
    }),
  }),
});

/** The operator's calls (spec §7 Admin): people and their posts, e-mail; log files, database backups and downloads; map regions. */
@Module({
  imports: [PostModule, MapModule, uploadsToDisk],
  controllers: [AdminUsersController, AdminFilesController, AdminMapRegionsController],
  providers: [AdminUsersService, AdminUsersRepository, AdminFilesService, AdminScreenService, AppSettingsRepository, AdminMapRegionsService],
  exports: [AdminUsersService, AdminFilesService, AdminScreenService, AdminMapRegionsService],
})
export class AdminModule {}
