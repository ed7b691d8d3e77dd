# syntax=docker/dockerfile:1
# The site as one container: `docker build -t aurelia-salon .` then
#   docker run -d -p 3000:3000 -v salon-data:/data -e PUBLIC_URL=https://salon.example aurelia-salon
# See docs/DEPLOYING.md for the reverse proxy, PostgreSQL and backups.

ARG NODE_VERSION=22

# ── build: every dependency, the production build, then only the production dependencies ──
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Compilers only as a fallback for native modules without a prebuilt binary for this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ── runtime: Node, the production dependencies, the build and the server's TypeScript sources ──
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server is compiled (build/server.js); the CLI scripts (users, backup, restore) run through tsx
# and import app/server and migrations; public/ is read at run time (images resized on request).
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/app ./app
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/public ./public
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (not npm): SIGTERM from `docker stop` reaches the server, which finishes
# in-flight requests and closes the database. Not `npm start`, which would try to rebuild.
# The heap limit of scripts/server-env.ts (SERVER_NODE_FLAGS): V8 collects sooner, the process stays smaller.
CMD ["node", "--max-old-space-size=1024", "--max-semi-space-size=8", "build/server.js"]
