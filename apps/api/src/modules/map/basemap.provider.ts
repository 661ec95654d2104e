import { Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { Basemap, BASEMAP_FILE } from '@siplog/basemap';

/** The built basemap file, opened read-only once (null when `@siplog/basemap` has not been built), closed on shutdown. */
export class BasemapHandle implements OnApplicationShutdown {
  constructor(readonly basemap: Basemap | null) {}

  onApplicationShutdown(): void {
    this.basemap?.close();
  }
}

export const basemapProvider: Provider = {
  provide: BasemapHandle,
  useFactory: () => {
    const basemap = Basemap.open(BASEMAP_FILE);
    if (!basemap) {
      new Logger('Map').warn(`No offline basemap at ${BASEMAP_FILE}: map tiles answer 503 and the gazetteer finds nothing (run pnpm build).`);
    }
    return new BasemapHandle(basemap);
  },
};
