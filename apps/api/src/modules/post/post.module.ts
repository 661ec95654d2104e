import crypto from 'node:crypto';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { PlaceModule } from '../place/place.module';
import { PostAuthoringRepository } from './post-authoring.repository';
import { PostAuthoringService } from './post-authoring.service';
import { PostController } from './post.controller';
import { PostRepository } from './post.repository';
import { PostService } from './post.service';

/** Review photos are received to disk under names of our own, so a 50 MB file never sits in memory. */
const uploadsToDisk = MulterModule.registerAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    storage: diskStorage({
      destination: config.uploadsDir,
      filename: (_request, _file, done) => done(null, `${crypto.randomBytes(16).toString('hex')}.upload`),
    }),
  }),
});

@Module({
  imports: [PlaceModule, uploadsToDisk],
  controllers: [PostController],
  providers: [PostService, PostAuthoringService, PostRepository, PostAuthoringRepository],
  exports: [PostService, PostAuthoringService],
})
export class PostModule {}
