import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../test/solid-png';
import { DECODE_MEMORY_BUDGET_BYTES, decodeCostBytes } from './decode-cost';

const MB = 1024 * 1024;
const FULL_SIDE = 1600;
const costOf = async (image: Buffer) => decodeCostBytes(await sharp(image).metadata(), FULL_SIDE);
const phoneJpeg = (progressive: boolean) =>
  sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#a0522d' } })
    .jpeg({ progressive })
    .toBuffer();

describe('the memory a decode may take, from the header alone', () => {
  it("refuses issue 26's PNG: 10000x10000, RGBA 16-bit, Adam7 (an 800 MB bitmap)", async () => {
    const bomb = await solidPng({ width: 10_000, height: 10_000, bitDepth: 16, channels: 4, interlaced: true });
    expect(bomb.length).toBeLessThan(5_000_000);
    const cost = await costOf(bomb);
    expect(cost).toBeGreaterThan(800_000_000);
    expect(cost).toBeGreaterThan(DECODE_MEMORY_BUDGET_BYTES);
  });

  it('reads the same picture without interlacing in strips: a window of rows, well within the budget', async () => {
    const cost = await costOf(await solidPng({ width: 10_000, height: 10_000, bitDepth: 16, channels: 4, interlaced: false }));
    // Measured: 10000 px wide 16-bit PNGs held 120-140 MB over the process's own.
    expect(cost).toBeGreaterThan(120 * MB);
    expect(cost).toBeLessThan(DECODE_MEMORY_BUDGET_BYTES);
  });

  it('lets a phone photo through, baseline or progressive, with room for several at once', async () => {
    const [baseline, progressive] = await Promise.all([phoneJpeg(false).then(costOf), phoneJpeg(true).then(costOf)]);
    expect(baseline).toBeLessThan(DECODE_MEMORY_BUDGET_BYTES / 4);
    // Every DCT coefficient of 12 megapixels at 4:2:0: 12.2M x 1.5 samples x 2 bytes.
    expect(progressive).toBeGreaterThan(36 * MB);
    expect(progressive).toBeLessThan(DECODE_MEMORY_BUDGET_BYTES / 2);
  });

  it('refuses a 100-megapixel progressive JPEG (300 MB of coefficients, measured 312 MB), and counts an interlaced 8-bit PNG of 8000x8000 at no less than it took', async () => {
    const progressive = { format: 'jpeg', width: 10_000, height: 10_000, channels: 3, depth: 'uchar', isProgressive: true, chromaSubsampling: '4:2:0' };
    expect(decodeCostBytes(progressive as sharp.Metadata, FULL_SIDE)).toBeGreaterThan(DECODE_MEMORY_BUDGET_BYTES);
    expect(decodeCostBytes({ ...progressive, isProgressive: false } as sharp.Metadata, FULL_SIDE)).toBeLessThan(40 * MB);
    // Measured: 231 MB over the process's own (so it is just let through).
    const interlaced8 = await costOf(await solidPng({ width: 8000, height: 8000, bitDepth: 8, channels: 3, interlaced: true }));
    expect(interlaced8).toBeGreaterThan(231 * MB);
  });

  it('counts a GIF frame and the one before it, and HEIF planes beside the RGB', () => {
    const gif = { format: 'gif', width: 6000, height: 6000, channels: 4, depth: 'uchar', isProgressive: false, pages: 3, pageHeight: 6000 };
    expect(decodeCostBytes(gif as sharp.Metadata, FULL_SIDE)).toBeGreaterThan(6000 * 6000 * 5);
    const heif = { format: 'heif', width: 8064, height: 6048, channels: 3, depth: 'uchar', isProgressive: false };
    expect(decodeCostBytes(heif as sharp.Metadata, FULL_SIDE)).toBeGreaterThan(8064 * 6048 * 4.5);
  });
});
