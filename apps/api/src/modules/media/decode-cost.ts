import type sharp from 'sharp';

/**
 * Memory this node sets aside for decoding photos, shared by every upload at once (DecodeBudget): a 2 GB box keeps
 * the API's own ~200 MB and this, whatever people send. One image whose decode alone would need more is refused.
 */
export const DECODE_MEMORY_BUDGET_BYTES = 256 * 1024 * 1024;

/**
 * Rows of the input libvips holds while it streams an image through the shrink to 1600 px (measured: 1,600-2,000
 * rows of a 10000 px wide PNG, 8 and 16 bit).
 */
const ROWS_HELD = 2048;

/** The rest of one decode: the 1600 px bitmap all sizes are cut from, the three encoders, libvips' own buffers (measured ~16 MB). */
const PIPELINE_BYTES = 24 * 1024 * 1024;

/** The largest power of two (at most 8) libjpeg may shrink by while decoding, as sharp does for a target of `side` px. */
function jpegShrinkOnLoad(width: number, height: number, side: number): number {
  let shrink = 1;
  while (shrink < 8 && Math.max(width, height) / (shrink * 2) >= side) shrink *= 2;
  return shrink;
}

function bytesPerSample(depth: string | undefined): number {
  switch (depth) {
    case 'uchar':
    case 'char':
      return 1;
    case 'ushort':
    case 'short':
      return 2;
    case 'double':
    case 'complex':
      return 8;
    case 'dpcomplex':
      return 16;
    default:
      return 4; // uint, int, float, or unknown: assume the wider
  }
}

/** JPEG samples a YCbCr pixel holds: 4:2:0 keeps a quarter of each chroma plane, 4:2:2 half (others: every sample). */
function jpegSamplesPerPixel(channels: number, chromaSubsampling: string | undefined): number {
  if (channels !== 3) return channels;
  if (chromaSubsampling === '4:2:0') return 1.5;
  if (chromaSubsampling === '4:2:2') return 2;
  return 3;
}

/**
 * The memory one decode to `side` px may take, from the header alone (sharp's metadata), an upper estimate checked
 * against measurements. Baseline JPEG (shrunk while decoding), non-interlaced PNG and still WebP are read in strips:
 * only a window of rows is held. Everything else holds a whole picture: an interlaced (Adam7) PNG its full bitmap,
 * a progressive JPEG every DCT coefficient (2 bytes a sample), GIF its frame and the one before (~5 bytes a pixel),
 * HEIF/AVIF the YCbCr planes beside the RGB output, TIFF (strip layout unknown here) its bitmap.
 */
export function decodeCostBytes(metadata: sharp.Metadata, side: number): number {
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const channels = metadata.channels ?? 4;
  const pixelBytes = channels * bytesPerSample(metadata.depth);
  const pixels = width * height;
  const streamedRows = (rowWidth: number) => ROWS_HELD * rowWidth * pixelBytes;

  let wholeImage: number;
  let rowWidth = width;
  switch (metadata.format) {
    case 'jpeg':
      rowWidth = Math.ceil(width / jpegShrinkOnLoad(width, height, side));
      wholeImage = metadata.isProgressive ? pixels * jpegSamplesPerPixel(channels, metadata.chromaSubsampling) * 2 : 0;
      break;
    case 'png':
      wholeImage = metadata.isProgressive ? pixels * pixelBytes : 0;
      break;
    case 'webp':
      wholeImage = (metadata.pages ?? 1) > 1 ? pixels * 4 : 0; // an animation is composed on a full RGBA canvas
      break;
    case 'gif':
      wholeImage = pixels * 4 * 1.25;
      break;
    case 'heif':
      wholeImage = pixels * pixelBytes * 1.5;
      break;
    default:
      wholeImage = pixels * pixelBytes;
  }
  return wholeImage + streamedRows(rowWidth) + PIPELINE_BYTES;
}
