import {
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  PayloadTooLargeException,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { catchError, type Observable } from 'rxjs';
import { AppError } from '../../common/app-error';

/** Turns multer's size error into the spec's message for the upload at hand. */
export class UploadErrorInterceptor implements NestInterceptor {
  constructor(private readonly tooLargeMessage: string) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) throw new AppError('PAYLOAD_TOO_LARGE', this.tooLargeMessage);
        throw error;
      }),
    );
  }
}

/**
 * One image in multipart field `field`, held in memory (multer's default storage) and cut off as soon as it passes `maxBytes`
 * (multer stops reading), plus small text fields such as `data`.
 */
export function ImageUpload(field: string, maxBytes: number, tooLargeMessage: string) {
  return applyDecorators(
    UseInterceptors(
      new UploadErrorInterceptor(tooLargeMessage),
      FileInterceptor(field, {
        limits: { fileSize: maxBytes, files: 1, fields: 12, fieldSize: 16 * 1024, parts: 16 },
      }),
    ),
  );
}
