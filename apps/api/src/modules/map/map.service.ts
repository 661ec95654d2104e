import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** Which map the web app draws (design §5): Mapbox with a token, a self-hoster's style, or the embedded offline map. */
export type MapMode = 'mapbox' | 'style' | 'offline';

export interface MapClientConfig {
  mode: MapMode;
  /** The style the engine loads: Mapbox's, MAP_STYLE_URL, or our own /api/map/style.json. */
  styleUrl: string;
  /** Only in mapbox mode: the public token mapbox-gl needs. */
  accessToken?: string;
}

@Injectable()
export class MapService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  clientConfig(): MapClientConfig {
    if (this.config.mapboxToken) {
      return { mode: 'mapbox', styleUrl: 'mapbox://styles/mapbox/streets-v12', accessToken: this.config.mapboxToken };
    }
    if (this.config.mapStyleUrl) return { mode: 'style', styleUrl: this.config.mapStyleUrl };
    return { mode: 'offline', styleUrl: '/api/map/style.json' };
  }
}
