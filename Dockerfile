# syntax=docker/dockerfile:1
# Build stage: full dependencies, production build.
FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Run stage: production dependencies and the build only, as the unprivileged node user.
FROM node:24.22.3-bookworm-slim
# React loads its production build only when NODE_ENV=production; two malloc arenas instead of one
# per thread, and larger allocations given back to the system once freed, keep the server within
# a small machine's memory (docs/decisions/028).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=65536 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
# The share image is drawn from the settings with sharp, whose text needs a font: the slim image
# has none (server/modules/brand/share-image.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fontconfig-config \
  && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=4", "--no-wasm-dynamic-tiering", "--no-wasm-tier-up", "build/server/main.mjs"]
