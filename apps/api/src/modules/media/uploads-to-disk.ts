import crypto from 'node:crypto';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/**
 * Multipart files received to DATA_DIR/tmp/uploads under names of our own, so a large file (a 50 MB review photo, a
 * map region's archive) never sits in memory. Imported by each module whose controllers take files.
 */
export const uploadsToDisk = MulterModule.registerAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    storage: diskStorage({
      destination: config.uploadsDir,
      filename: (_request, _file, done) => done(null, `${crypto.randomBytes(16).toString('hex')}.upload`),
    }),
  }),
});
