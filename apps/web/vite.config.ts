import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Writes dist/route-preloads.json: for each page of App.tsx's SCREENS, the scripts and stylesheets its screen chunk
 * needs beyond the entry. The server puts them in that page's HTML, so a first visit fetches them beside the entry
 * instead of after it has run (one round trip less before the page shows). The admin screen is left out.
 *
 * Two steps: the stylesheet order is taken from the whole chunk graph, before vite:css-post deletes the chunks that
 * only imported CSS (no file is written for them; their stylesheets move to the chunks importing them, after those
 * chunks' own). The file is written after that deletion, naming only what the build writes.
 */
function routePreloads(): Plugin[] {
  type Preloads = Record<string, { js: string[]; css: string[] }>;
  let planned: Preloads = {};
  const planPreloads: Plugin = {
    name: 'siplog-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const app = fs.readFileSync(path.join(srcDir, 'App.tsx'), 'utf8');
      const screens = [...app.matchAll(/^\s*(\w+): \(\) => import\('(\.\/[^']+)'\)/gm)].filter(([, name]) => name !== 'admin');
      if (screens.length === 0) this.error('route-preloads: no screens found in App.tsx SCREENS');
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Imports before importers (post-order), as the stylesheets must stand: a screen's rules come after those of
      // the components it imports, which they may override.
      const staticGraph = (start: Rollup.OutputChunk, into = new Set<Rollup.OutputChunk>(), seen = new Set<Rollup.OutputChunk>()) => {
        if (seen.has(start)) return into;
        seen.add(start);
        for (const file of start.imports) staticGraph(byFile.get(file)!, into, seen);
        into.add(start);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preloads: no entry chunk');
      const inEntry = staticGraph(entry);
      const preloads: Preloads = {};
      for (const [, name, specifier] of screens) {
        const moduleId = path.resolve(srcDir, specifier);
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\.[jt]sx?$/, '') === moduleId);
        if (!screen) this.error(`route-preloads: no chunk for ${name} (${specifier})`);
        const graph = [...staticGraph(screen)].filter((chunk) => !inEntry.has(chunk));
        preloads[name] = {
          js: graph.map((chunk) => `/${chunk.fileName}`),
          css: [...new Set(graph.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].map((file) => `/${file}`),
        };
      }
      planned = preloads;
    },
  };
  const writePreloads: Plugin = {
    name: 'siplog-route-preloads-write',
    apply: 'build',
    // Post plugins' generateBundle runs after vite:css-post's, so the bundle holds only the files that are written.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const written = (href: string) => href.slice(1) in bundle;
      const preloads = Object.fromEntries(
        Object.entries(planned).map(([name, { js, css }]) => [name, { js: js.filter(written), css: css.filter(written) }]),
      );
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
  return [planPreloads, writePreloads];
}

type PrecacheEntries = { url: string; revision: string | null; size: number }[];

/**
 * The worker's offline page is '/' as the server sends it (index.html with the home screen's preloads, and headers
 * whose Content-Security-Policy allows the page's inline scripts by hash), not the bare index.html file: so the
 * precache list names '/', revised whenever index.html or route-preloads.json (what the server builds it from) change.
 */
function shellAsServed(entries: PrecacheEntries): { manifest: PrecacheEntries; warnings: string[] } {
  const index = entries.find((entry) => entry.url === 'index.html');
  const preloads = entries.find((entry) => entry.url === 'route-preloads.json');
  if (!index || !preloads) throw new Error('precache: index.html or route-preloads.json is missing');
  const shell = { url: '/', revision: `${index.revision}-${preloads.revision}`, size: index.size };
  return { manifest: [shell, ...entries.filter((entry) => entry !== index && entry !== preloads)], warnings: [] };
}

/**
 * The installable, offline-friendly app (issue 19): the web app manifest (linked from index.html by the plugin) and
 * the service worker src/sw/sw.ts, built to /sw.js with the list of files to precache. The page registers it itself,
 * after load and from a lazy chunk (src/pwa/register.ts), so the plugin injects no registration script.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'Siplog',
      short_name: 'Siplog',
      description: 'Find and review coffee, tea and boba places near you.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The brand colour (the header's) and the page background of the light theme (styles/global.css).
      theme_color: '#b4602a',
      background_color: '#f7efe6',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // One classic script, no source map named in it (the build's maps are served only on request).
      rollupFormat: 'iife',
      sourcemap: false,
      // The shell: the page, every screen's scripts and stylesheets, MapLibre (the default map engine) and its worker,
      // the icons (the manifest's are added by the plugin). Not the Mapbox engine (only with MAPBOX_TOKEN, 1.9 MB) nor
      // the operator's screen.
      globPatterns: ['index.html', 'route-preloads.json', 'assets/*.{js,mjs,css}', 'logo.svg', 'favicon.svg'],
      globIgnores: ['assets/mapbox-engine-*', 'assets/AdminPage-*'],
      manifestTransforms: [shellAsServed],
      // Hashed file names need no revision: Workbox keeps them until they leave the list.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  // Brotli and gzip copies of every text asset at build time, so the server sends them without compressing per request.
  plugins: [react(), routePreloads(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }), installableApp()],
  resolve: {
    // The web app compiles the shared contracts from source, so dev edits show at once.
    alias: { '@siplog/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiOrigin, '/trpc': apiOrigin },
  },
  // Source maps are built for operators but named in no script ('hidden'): the server sends them, and announces each
  // in a SourceMap header on its script, only with SERVE_SOURCE_MAPS=true, so no browser asks for a map that is off.
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 800 },
});
