import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { LIMITS, SERVER_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';

/** The image folders of spec §7 /api/showimage/image/{folder}/{file}. */
export const IMAGE_FOLDERS = ['postimages', 'profileimages'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Sizes a stored image can be kept in: the full view, a feed card and a thumbnail (avatars, carousels). */
export const IMAGE_VARIANTS = {
  full: { maxSide: 1600, suffix: '' },
  card: { maxSide: 800, suffix: '.card' },
  thumb: { maxSide: 400, suffix: '.thumb' },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/** Which sizes each folder keeps; a size a folder does not keep is served as its full image. */
export const FOLDER_VARIANTS: Record<ImageFolder, readonly ImageVariant[]> = {
  postimages: ['full', 'card', 'thumb'],
  profileimages: ['full', 'thumb'],
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;
/** Files removed at once by removeEach: enough to keep the disk busy, few enough to leave file handles for everyone else. */
const UNLINK_CONCURRENCY = 8;

export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function variantFileName(name: string, variant: ImageVariant): string {
  return name.replace(/\.webp$/, `${IMAGE_VARIANTS[variant].suffix}.webp`);
}

/**
 * Stores images under DATA_DIR/media/{folder}: the type is checked by decoding the content (never the
 * client's MIME), the image is re-encoded to WebP, which drops EXIF/GPS and any other metadata, and the
 * stored name is chosen here, so no client text ever reaches a path.
 */
export class ImageStore {
  private readonly logger = new Logger(ImageStore.name);

  constructor(private readonly mediaDir: string) {}

  folderPath(folder: ImageFolder): string {
    return path.join(this.mediaDir, folder);
  }

  /**
   * `input` is the image's bytes or the path of a file holding them. Throws AppError('BAD_REQUEST', invalidTypeMessage)
   * when they are not a supported image, or the pixel-cap message when the image declares more than LIMITS.imagePixelsMax.
   */
  async save(folder: ImageFolder, input: Buffer | string, invalidTypeMessage: string): Promise<string> {
    let metadata: sharp.Metadata | undefined;
    try {
      metadata = await sharp(input).metadata();
    } catch {
      metadata = undefined;
    }
    if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('BAD_REQUEST', invalidTypeMessage);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > LIMITS.imagePixelsMax) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.imageTooManyPixels);

    const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
    const dir = this.folderPath(folder);
    await fs.mkdir(dir, { recursive: true });
    try {
      // Decoded once (shrink-on-load) and oriented at the largest size; every size is cut from those pixels.
      const largest = await sharp(input, { animated: false, limitInputPixels: LIMITS.imagePixelsMax })
        .rotate() // apply EXIF orientation before the metadata is dropped
        .resize({ width: IMAGE_VARIANTS.full.maxSide, height: IMAGE_VARIANTS.full.maxSide, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = largest.info;
      await Promise.all(
        FOLDER_VARIANTS[folder].map((variant) => {
          const { maxSide } = IMAGE_VARIANTS[variant];
          return sharp(largest.data, { raw: { width, height, channels } })
            .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82, effort: 2 }) // effort 2: about half the encoding time of the default 4, at much the same size
            .toFile(path.join(dir, variantFileName(name, variant)));
        }),
      );
    } catch {
      await this.remove(folder, name);
      throw new AppError('BAD_REQUEST', invalidTypeMessage);
    }
    return name;
  }

  async remove(folder: ImageFolder, name: string): Promise<void> {
    if (!isStoredImageName(name)) return;
    for (const variant of FOLDER_VARIANTS[folder]) {
      await fs.rm(path.join(this.folderPath(folder), variantFileName(name, variant)), { force: true });
    }
  }

  /** Stores every input or none: when one fails, the ones already stored are removed and the first error is thrown. */
  async saveAll(folder: ImageFolder, inputs: Array<Buffer | string>, invalidTypeMessage: string): Promise<string[]> {
    const results = await Promise.allSettled(inputs.map((input) => this.save(folder, input, invalidTypeMessage)));
    const failure = results.find((result) => result.status === 'rejected');
    if (!failure) return results.map((result) => (result as PromiseFulfilledResult<string>).value);
    await this.removeAll(
      folder,
      results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    );
    throw failure.reason;
  }

  /**
   * Removes each image in every size, each file on its own so that one that fails (permissions, a directory in its
   * place) leaves the others going; answers the files that failed, each logged with `whose` ('of a deleted account').
   */
  async removeEach(folder: ImageFolder, names: string[], whose: string): Promise<string[]> {
    const files = names.filter(isStoredImageName).flatMap((name) => FOLDER_VARIANTS[folder].map((variant) => variantFileName(name, variant)));
    const failed: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        try {
          await fs.rm(path.join(this.folderPath(folder), file), { force: true });
        } catch (error) {
          failed.push(file);
          this.logger.warn(`Could not remove ${folder}/${file} ${whose}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(UNLINK_CONCURRENCY, files.length) }, worker));
    return failed;
  }

  async removeAll(folder: ImageFolder, names: string[]): Promise<void> {
    await Promise.all(names.map((name) => this.remove(folder, name)));
  }
}
