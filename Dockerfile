# syntax=docker/dockerfile:1
# The eSign portal: the web app built by Vite, the server run from its TypeScript sources by
# Node's own type stripping (there is no compile step and no tsx, see docs/decisions.md),
# production dependencies only, as a non-root user on a read-only root file system. Build from the repository root:
#   docker build -t esign-portal .
# Run (writable: DATA_DIR on a volume, /tmp as tmpfs):
#   docker run --read-only --tmpfs /tmp -v esign-data:/data -p 3000:3000 esign-portal

ARG NODE_IMAGE=node:24-bookworm-slim

# The manifests npm ci needs. No compiler: the native modules (better-sqlite3, argon2, esbuild)
# ship prebuilt binaries for linux x64 and arm64 in their npm packages.
FROM ${NODE_IMAGE} AS toolchain
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  npm_config_audit=false \
  npm_config_fund=false
COPY package.json package-lock.json .npmrc .node-version tsconfig.base.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/pades/package.json packages/pades/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/

# The web app: its own dependencies (Vite among them) and the contract it imports.
FROM toolchain AS web
RUN npm ci --workspace=@esign/web
COPY packages/contract/src packages/contract/src
COPY packages/contract/tsconfig.json packages/contract/
COPY packages/web packages/web
RUN npm run build && test -f packages/web/dist/index.html

# The server's production dependencies, with the contract and pades workspaces linked under
# node_modules/@esign; the SQLite driver must load on this Node.
FROM toolchain AS server-deps
RUN npm ci --omit=dev --workspace=@esign/server \
  && npm cache clean --force \
  && test ! -e node_modules/tsx \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  DATA_DIR=/data \
  PORT=3000 \
  HOST=0.0.0.0
WORKDIR /app
# Root owns the application files, so the process (uid 1000, `node`) cannot change them
# even where the root file system is writable.
COPY --from=server-deps /app/package.json ./
COPY --from=server-deps /app/node_modules ./node_modules
COPY --from=server-deps /app/packages ./packages
COPY packages/contract/src packages/contract/src
COPY packages/pades/src packages/pades/src
COPY packages/pades/bin packages/pades/bin
COPY packages/server/src packages/server/src
COPY packages/server/assets packages/server/assets
COPY --from=web /app/packages/web/dist packages/web/dist
COPY deploy/sqlite-backup.mjs deploy/
RUN mkdir -p /data && chown 1000:1000 /data && chmod 700 /data
# Numeric, so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Straight to the server: scripts/start.mjs would try to build the web app, which is built.
CMD ["node", "packages/server/src/server.ts"]
