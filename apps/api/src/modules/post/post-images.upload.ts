import fs from 'node:fs/promises';
import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  PayloadTooLargeException,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { LIMITS, POST_MESSAGES, REVIEW_MESSAGES } from '@siplog/contracts';
import type { Request } from 'express';
import { catchError, finalize, type Observable } from 'rxjs';
import { AppError } from '../../common/app-error';

/** The spec's multipart file fields of a review, in order (spec §7 addpostwithimages). */
export const POST_IMAGE_FIELDS = ['file1', 'file2', 'file3'] as const;

type ReceivedFiles = Partial<Record<(typeof POST_IMAGE_FIELDS)[number], Express.Multer.File[]>>;

/** Paths of the received photos in file1..file3 order. */
export function receivedImagePaths(files: ReceivedFiles | undefined): string[] {
  return POST_IMAGE_FIELDS.flatMap((field) => files?.[field]?.map((file) => file.path) ?? []);
}

/** Multer's own wording (then " - {field}") for a file under another name or one file too many. */
const TOO_MANY_FILES = /^(Unexpected (file )?field|Too many files)\b/;

/**
 * Around the multipart parser: its refusals become the spec's messages, and the received files (in DATA_DIR/tmp,
 * see PostModule) are deleted once the request is answered, stored or not. Multer removes what it had written
 * itself when it refuses a body part-way.
 */
class PostImagesLifecycle implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) throw new AppError('PAYLOAD_TOO_LARGE', REVIEW_MESSAGES.fileTooLarge);
        if (error instanceof BadRequestException) {
          // Multer's other refusals ("Field value too long - data") are plain sentences worth passing on.
          throw new AppError('BAD_REQUEST', TOO_MANY_FILES.test(error.message) ? POST_MESSAGES.tooManyImages : error.message);
        }
        throw error;
      }),
      finalize(() => {
        const paths = receivedImagePaths(request.files as ReceivedFiles | undefined);
        void Promise.all(paths.map((path) => fs.rm(path, { force: true })));
      }),
    );
  }
}

/**
 * file1..file3, each streamed to disk and cut off as soon as it reaches LIMITS.reviewImageBytesMax (spec §5: size
 * *under* 50,000,000 bytes), plus the small `data` JSON field and the address fields of the spec's variant.
 */
export function PostImagesUpload() {
  return applyDecorators(
    UseInterceptors(
      new PostImagesLifecycle(),
      FileFieldsInterceptor(
        POST_IMAGE_FIELDS.map((name) => ({ name, maxCount: 1 })),
        { limits: { fileSize: LIMITS.reviewImageBytesMax - 1, files: LIMITS.reviewImagesMax, fields: 16, fieldSize: 64 * 1024, parts: 20 } },
      ),
    ),
  );
}
