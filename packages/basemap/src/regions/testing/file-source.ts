import fs from 'node:fs';
import type { RangeResponse, Source } from 'pmtiles';

/** A `pmtiles` Source over a local file, so tests can read archives with the reference reader. */
export class LocalFileSource implements Source {
  constructor(private readonly file: string) {}

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const handle = await fs.promises.open(this.file, 'r');
    try {
      const bytes = new Uint8Array(length);
      const { bytesRead } = await handle.read(bytes, 0, length, offset);
      return { data: bytes.buffer.slice(0, bytesRead) };
    } finally {
      await handle.close();
    }
  }
}
