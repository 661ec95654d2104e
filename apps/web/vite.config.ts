import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

export default defineConfig({
  // Brotli and gzip copies of every text asset at build time, so the server sends them without compressing per request.
  plugins: [react(), routePreloads(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
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
