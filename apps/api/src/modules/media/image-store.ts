import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { LIMITS, SERVER_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { BlobStore } from './blob-store';
import { processDecodeBudget, type DecodeBudget } from './decode-budget';
import { decodeCostBytes } from './decode-cost';

// libvips' operation cache keeps recent images and their buffers for reuse; every upload here is new, so it would
// only hold memory the decode budget does not count.
sharp.cache(false);

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

export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function variantFileName(name: string, variant: ImageVariant): string {
  return name.replace(/\.webp$/, `${IMAGE_VARIANTS[variant].suffix}.webp`);
}

/** Waits for every promise (so nothing is still writing when the caller cleans up), then throws the first failure. */
async function settleAll(work: Array<Promise<unknown>>): Promise<void> {
  const failure = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Decodes once (shrink-on-load where the format has it, read in strips where it can be) and orients at the largest
 * size, then encodes every size from those pixels to its temp file.
 */
async function encodeVariants(input: Buffer | string, variants: Array<{ variant: ImageVariant; temp: string }>): Promise<void> {
  const largest = await sharp(input, { animated: false, limitInputPixels: LIMITS.imagePixelsMax, sequentialRead: true })
    .rotate() // apply EXIF orientation before the metadata is dropped
    .resize({ width: IMAGE_VARIANTS.full.maxSide, height: IMAGE_VARIANTS.full.maxSide, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = largest.info;
  await settleAll(
    variants.map(({ variant, temp }) => {
      const { maxSide } = IMAGE_VARIANTS[variant];
      return sharp(largest.data, { raw: { width, height, channels } })
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 2 }) // effort 2: about half the encoding time of the default 4, at much the same size
        .toFile(temp);
    }),
  );
}

/** The store key of an image file: `postimages/<name>.webp` (the folder, then the file). */
export function imageKey(folder: ImageFolder, file: string): string {
  return `${folder}/${file}`;
}

/**
 * Stores images in the media store (BlobStore: DATA_DIR/media/{folder} or a bucket): the type is checked by
 * decoding the content (never the client's MIME), the image is re-encoded to WebP, which drops EXIF/GPS and any
 * other metadata, and the stored name is chosen here, so no client text ever reaches a path or a key. Each size is
 * encoded to a file in `workDir` (local temp space) and then put in the store.
 */
export class ImageStore {
  private readonly logger = new Logger(ImageStore.name);

  constructor(
    readonly blobs: BlobStore,
    private readonly workDir: string,
    /** The process's own by default: it bounds this process's memory, whatever the number of stores. */
    private readonly decodes: DecodeBudget = processDecodeBudget,
  ) {}

  /**
   * `input` is the image's bytes or the path of a file holding them. Throws AppError('BAD_REQUEST', invalidTypeMessage)
   * when they are not a supported image, the pixel-cap message when the image declares more than LIMITS.imagePixelsMax,
   * or imageTooCostlyToDecode when decoding it would hold more memory than the whole decode budget. Otherwise the
   * decode waits for its share of the budget, so the memory of all uploads at once stays bounded whatever they are.
   * A store that fails is an error of its own (thrown as it is), with nothing of the image left behind.
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
    const decodeBytes = decodeCostBytes(metadata, IMAGE_VARIANTS.full.maxSide);
    if (!this.decodes.fits(decodeBytes)) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.imageTooCostlyToDecode);

    const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
    await fs.mkdir(this.workDir, { recursive: true });
    const variants = FOLDER_VARIANTS[folder].map((variant) => ({
      file: variantFileName(name, variant),
      temp: path.join(this.workDir, `${variantFileName(name, variant)}.part`),
      variant,
    }));
    let putStarted = false;
    try {
      try {
        await this.decodes.run(decodeBytes, () => encodeVariants(input, variants));
      } catch {
        throw new AppError('BAD_REQUEST', invalidTypeMessage);
      }
      putStarted = true;
      await settleAll(variants.map(({ file, temp }) => this.blobs.put(imageKey(folder, file), { file: temp }, 'image/webp')));
    } catch (error) {
      if (putStarted) await this.remove(folder, name);
      throw error;
    } finally {
      await Promise.all(variants.map(({ temp }) => fs.rm(temp, { force: true })));
    }
    return name;
  }

  /** Removes the image in every size; a size that cannot be removed is logged. */
  async remove(folder: ImageFolder, name: string): Promise<void> {
    await this.removeEach(folder, [name], '');
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
   * Removes each image in every size, each object on its own so that one that fails (permissions, a directory in its
   * place, the store refusing) leaves the others going; answers the files that failed, each logged with `whose`
   * ('of a deleted account').
   */
  async removeEach(folder: ImageFolder, names: string[], whose: string): Promise<string[]> {
    const files = names.filter(isStoredImageName).flatMap((name) => FOLDER_VARIANTS[folder].map((variant) => variantFileName(name, variant)));
    const failures = await this.blobs.deleteMany(files.map((file) => imageKey(folder, file)));
    for (const { key, reason } of failures) this.logger.warn(`Could not remove ${key}${whose ? ` ${whose}` : ''}: ${reason}`);
    return failures.map(({ key }) => key.slice(folder.length + 1));
  }

  async removeAll(folder: ImageFolder, names: string[]): Promise<void> {
    await this.removeEach(folder, names, '');
  }
}
