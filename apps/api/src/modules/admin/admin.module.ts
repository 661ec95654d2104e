import { Module } from '@nestjs/common';
import { PostModule } from '../post/post.module';
import { AdminFilesController } from './admin-files.controller';
import { AdminFilesService } from './admin-files.service';
import { AdminScreenService } from './admin-screen.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { AppSettingsRepository } from './app-settings.repository';

/** The operator's calls (spec §7 Admin): people and their posts, e-mail; log files, database backups and downloads. */
@Module({
  imports: [PostModule],
  controllers: [AdminUsersController, AdminFilesController],
  providers: [AdminUsersService, AdminUsersRepository, AdminFilesService, AdminScreenService, AppSettingsRepository],
  exports: [AdminUsersService, AdminFilesService, AdminScreenService],
})
export class AdminModule {}
