import zlib from 'node:zlib';

/** Adam7's seven passes: first column, first row, column step, row step. */
const ADAM7_PASSES: ReadonlyArray<readonly [number, number, number, number]> = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
const ONE_PASS: ReadonlyArray<readonly [number, number, number, number]> = [[0, 0, 1, 1]];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

export interface SolidPngOptions {
  width: number;
  height: number;
  /** 8 or 16 bits a sample. */
  bitDepth: 8 | 16;
  /** 3 (RGB) or 4 (RGBA). */
  channels: 3 | 4;
  /** Adam7: a decoder must hold the whole bitmap. Without, it can read the rows in order. */
  interlaced: boolean;
}

/**
 * A PNG of one colour written directly, small and made in about a second even at 10000x10000: each pass's first
 * row carries the colour with the Sub filter and every other row is the Up filter over zeros, so the compressed data
 * is almost nothing. (sharp holds the whole bitmap to write an interlaced one, 800 MB and 20 s at that size.)
 */
export async function solidPng({ width, height, bitDepth, channels, interlaced }: SolidPngOptions): Promise<Buffer> {
  const bytesPerPixel = (channels * bitDepth) / 8;
  const pixel = Buffer.alloc(bytesPerPixel, 0xff);
  pixel[0] = 0x80; // a warm colour, not white
  const deflate = zlib.createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const write = (data: Buffer) => new Promise<void>((resolve) => (deflate.write(data) ? resolve() : deflate.once('drain', resolve)));

  for (const [x0, y0, dx, dy] of interlaced ? ADAM7_PASSES : ONE_PASS) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth <= 0 || passHeight <= 0) continue;
    const first = Buffer.alloc(1 + passWidth * bytesPerPixel);
    first[0] = 1; // Sub: every later pixel equals the first
    pixel.copy(first, 1);
    await write(first);
    const upRow = Buffer.alloc(1 + passWidth * bytesPerPixel);
    upRow[0] = 2; // Up: every row equals the one above
    const rowsAtOnce = 64;
    const block = Buffer.concat(Array<Buffer>(rowsAtOnce).fill(upRow));
    let rows = passHeight - 1;
    for (; rows >= rowsAtOnce; rows -= rowsAtOnce) await write(block);
    for (; rows > 0; rows--) await write(upRow);
  }
  deflate.end();
  await ended;

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = channels === 4 ? 6 : 2; // colour type: RGBA or RGB
  header[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
