# syntax=docker/dockerfile:1
# Siplog in one image: the API serving the built web app, SQLite, photos and logs under /data.
#   docker build -t siplog . && docker run -d -p 3000:3000 -v siplog-data:/data siplog
# compose.yaml shows the settings a self-hoster edits; README "Run with Docker or Podman" says the rest.

# ---- build: install every workspace dependency, build, then lay out only what runs ----
FROM node:24-bookworm-slim AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1 PNPM_STORE_DIR=/pnpm-store
RUN npm install --global pnpm@10.34.9
WORKDIR /src
# Manifests first: the dependency layer is reused until one of them changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/basemap/package.json packages/basemap/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
RUN --mount=type=cache,id=siplog-pnpm-store,target=/pnpm-store \
    pnpm install --frozen-lockfile --store-dir /pnpm-store --filter "@siplog/api..." --filter "@siplog/web..."
COPY . .
RUN pnpm exec turbo run build --filter "@siplog/api..." --filter "@siplog/web"
# The API with its production dependencies only (workspace packages copied in, not linked), beside the web build,
# in the same layout as the repository so the API finds apps/web/dist on its own. Then what never runs goes:
# sources, test and bench code, server-side source maps, type declarations and read-mes (licences stay),
# packages' own TypeScript sources, tests and snapshots (Node runs their built .js; Fedify's vocabulary tools ship
# 12 MB of test snapshots), OpenTelemetry's esnext builds (read by bundlers only, never by Node),
# better-sqlite3's build inputs (SQLite's C source and other platforms' binaries; it loads
# prebuilds/linux-<arch>.node), TypeScript and @types, which come in only as peers for type checking, and the builds
# for bundlers and browsers of two CommonJS packages: opening_hours' ES module and demo site (the API requires
# build/opening_hours.js) and moment's minified, ES and source copies (file-stream-rotator requires moment.js, which
# loads locale/ files by name).
RUN --mount=type=cache,id=siplog-pnpm-store,target=/pnpm-store \
    pnpm --filter @siplog/api deploy --prod --legacy --store-dir /pnpm-store /app/apps/api \
 && mkdir -p /app/apps/web && cp -r apps/web/dist /app/apps/web/dist \
 && cd /app/apps/api \
 && rm -rf src tsconfig*.json vitest*.mts dist/test dist/bench \
 && find dist node_modules/.pnpm -type f \( -name "*.map" -o -name "*.ts" -o -name "*.cts" -o -name "*.mts" \
      -o -name "*.snap" -o -iname "README*" -o -iname "CHANGELOG*" \) -delete \
 && find node_modules/.pnpm -type d \( -name __snapshots__ -o -name dist-tests \) -prune -exec rm -rf {} + \
 && rm -rf node_modules/.pnpm/@opentelemetry+*/node_modules/@opentelemetry/*/build/esnext \
 && arch="$(node -p process.arch)" \
 && for dir in node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3; do \
      rm -rf "$dir/deps" "$dir/src" "$dir/build"; \
      find "$dir/prebuilds" -type f ! -name "linux-$arch.node" -delete; \
    done \
 && rm -rf node_modules/.pnpm/typescript@* node_modules/.pnpm/@types+* \
 && rm -rf node_modules/.pnpm/opening_hours@*/node_modules/opening_hours/build/opening_hours.esm.mjs \
      node_modules/.pnpm/opening_hours@*/node_modules/opening_hours/site \
      node_modules/.pnpm/moment@*/node_modules/moment/min node_modules/.pnpm/moment@*/node_modules/moment/src \
      node_modules/.pnpm/moment@*/node_modules/moment/dist

# ---- run: the slim Node image, tini as PID 1, a non-root user, everything writable under /data ----
FROM node:24-bookworm-slim
ARG VERSION=0.1.0
ARG SOURCE_URL=""
LABEL org.opencontainers.image.title="Siplog" \
      org.opencontainers.image.description="Self-hosted, map-based social reviews of coffee, tea and boba places" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.licenses="UNLICENSED"
# tini forwards signals to Node and reaps any stray child, so `docker stop` is a clean stop.
RUN apt-get update \
 && apt-get install --yes --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && mkdir /data && chown node:node /data
COPY --from=build /app /app
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000 MALLOC_ARENA_MAX=2
WORKDIR /app
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/api/dist/main.js"]
