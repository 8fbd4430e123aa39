# syntax=docker/dockerfile:1
# Build: install everything, build the SPA. Runtime: production dependencies, sources and the built
# SPA, Debian's ffmpeg, run as a non-root user. The same image runs the web, media and release
# processes (Procfile); docs/runbook.md explains running media processes on other machines.
#
# Node 20: the media process's socket server (uWS, @trufflesuite/uws-js-unofficial) ships native
# binaries for Node 16, 18 and 20 only; on Node 22 it falls back to a slow JavaScript server. Every
# test runs on Node 20, and every installed package declares it: graphql-yoga's graphql-tools are
# held (package.json "overrides") at the last releases before their helpers moved to Node >= 22.15,
# and .npmrc's engine-strict makes any other such package fail the install.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# Uploads are decoded by the distribution's current ffmpeg (security fixes with every image build),
# not by the 2018 static build of @ffmpeg-installer, which stays for development machines only.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 MEDIA_PORT=3001 FFMPEG_PATH=/usr/bin/ffmpeg
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
COPY sidecar ./sidecar
COPY sql ./sql
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3001
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/server.ts"]
