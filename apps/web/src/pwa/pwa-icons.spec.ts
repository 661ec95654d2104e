import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICONS_DIR, iconFiles } from '../../scripts/pwa-icons';

/** The pixels of a PNG, RGBA. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)] };
}

describe("the installed app's icons (public/icons, the manifest's)", () => {
  it('are committed as the script draws them from favicon.svg (run `pnpm --filter @siplog/web icons` after changing it)', async () => {
    for (const icon of iconFiles()) {
      const committed = fs.readFileSync(path.join(ICONS_DIR, icon.name));
      const meta = await sharp(committed).metadata();
      expect([meta.format, meta.width, meta.height], icon.name).toEqual(['png', icon.size, icon.size]);
      const [now, drawn] = await Promise.all([pixels(committed), pixels(await icon.png())]);
      expect(now.data.equals(drawn.data), `${icon.name} is out of date`).toBe(true);
    }
  });

  it('keep the round mark on a clear square for "any", and fill the maskable one to the edge', async () => {
    const any = await pixels(fs.readFileSync(path.join(ICONS_DIR, 'icon-512.png')));
    expect(any.at(0, 0)[3]).toBe(0);
    expect(any.at(256, 16)[3]).toBe(255);
    const maskable = await pixels(fs.readFileSync(path.join(ICONS_DIR, 'icon-maskable-512.png')));
    for (const [x, y] of [[0, 0], [511, 0], [0, 511], [511, 511]]) expect(maskable.at(x, y)).toEqual([0xb4, 0x60, 0x2a, 255]);
  });

  it('draw the maskable mark inside the safe zone (the middle circle of radius 40 %), which no launcher crops', async () => {
    const { width, at } = await pixels(fs.readFileSync(path.join(ICONS_DIR, 'icon-maskable-512.png')));
    const centre = width / 2;
    const safeRadius = 0.4 * width;
    let drawnInside = 0;
    for (let y = 0; y < width; y++) {
      for (let x = 0; x < width; x++) {
        const [r, g, b] = at(x, y);
        // Anything not the brand background is the drawing (anti-aliased edges blend a little: a tolerance).
        const isDrawing = Math.abs(r - 0xb4) + Math.abs(g - 0x60) + Math.abs(b - 0x2a) > 24;
        if (!isDrawing) continue;
        const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
        expect(distance, `drawing at ${x},${y}`).toBeLessThanOrEqual(safeRadius);
        drawnInside++;
      }
    }
    // The cup itself is there, not just a background.
    expect(drawnInside).toBeGreaterThan(width * width * 0.1);
  });
});
