import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS, SERVER_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';

/** The image folders of spec §7 /api/showimage/image/{folder}/{file}. */
export const IMAGE_FOLDERS = ['postimages', 'profileimages'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Sizes each stored image is kept in: the full image and a small variant for avatars and cards. */
export const IMAGE_VARIANTS = {
  full: { maxSide: 1600, suffix: '' },
  thumb: { maxSide: 400, suffix: '.thumb' },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

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
  constructor(private readonly mediaDir: string) {}

  folderPath(folder: ImageFolder): string {
    return path.join(this.mediaDir, folder);
  }

  /** Throws AppError('BAD_REQUEST', invalidTypeMessage) when the bytes are not a supported image. */
  async save(folder: ImageFolder, input: Buffer, invalidTypeMessage: string): Promise<string> {
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
      for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
        const { maxSide } = IMAGE_VARIANTS[variant];
        await sharp(input, { animated: false, limitInputPixels: LIMITS.imagePixelsMax })
          .rotate() // apply EXIF orientation before the metadata is dropped
          .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toFile(path.join(dir, variantFileName(name, variant)));
      }
    } catch {
      await this.remove(folder, name);
      throw new AppError('BAD_REQUEST', invalidTypeMessage);
    }
    return name;
  }

  async remove(folder: ImageFolder, name: string): Promise<void> {
    if (!isStoredImageName(name)) return;
    for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
      await fs.rm(path.join(this.folderPath(folder), variantFileName(name, variant)), { force: true });
    }
  }
}
