# syntax=docker/dockerfile:1
#
# One remote frontend on its own: builds frontends/<REMOTE> and serves that build under
# /remotes/<REMOTE>/ (the base it is built for) with the shell's static server code
# (frontends/shell/server/serve-remote.ts: precompressed files, the same cache policy).
#   docker build -f infra/docker/remote.Dockerfile --build-arg REMOTE=marketplace .
# The npm and manifests stages are the same as in node-app.Dockerfile; comments there say why.

ARG NODE_IMAGE=node:22.21-bookworm-slim

FROM ${NODE_IMAGE} AS npm
WORKDIR /app
COPY package.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --global --no-audit --no-fund "$(node -p "require('./package.json').packageManager.split('+')[0]")"

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp --parents package.json package-lock.json \
      packages/*/package.json services/*/package.json bff/package.json frontends/*/package.json e2e/package.json \
      /manifests/

# ---- build: this remote's dependencies, dev ones included (vite and its plugins), then its build ----
FROM npm AS build
ARG REMOTE
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace=frontends/${REMOTE} --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/ packages/
COPY frontends/${REMOTE}/ frontends/${REMOTE}/
RUN npm run build -w frontends/${REMOTE}

# ---- deps: what the static server needs at run time (the shell's), plus tsx at its locked version ----
FROM npm AS deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --workspace=frontends/shell --omit=dev --no-save --ignore-scripts --no-audit --no-fund \
      "tsx@$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")"

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG REMOTE
ENV NODE_ENV=production PORT=8080 REMOTE_NAME=${REMOTE} REMOTE_DIST=/app/remote-dist
WORKDIR /app
COPY --from=deps /app/ ./
COPY tsconfig.base.json ./
# The server's cache policy names the build files the kit's build plugins write (packages/ui-kit/build).
COPY packages/ packages/
COPY frontends/shell/server/ frontends/shell/server/
COPY frontends/shell/src/remotes-config.ts frontends/shell/src/remotes-config.ts
COPY frontends/shell/package.json frontends/shell/tsconfig.json frontends/shell/
COPY --from=build /app/frontends/${REMOTE}/dist/ remote-dist/
COPY infra/docker/healthcheck.mjs /opt/krom/healthcheck.mjs
USER node
WORKDIR /app/frontends/shell
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "/opt/krom/healthcheck.mjs", "/health/live"]
# One process, so SIGTERM reaches the server directly (see node-app.Dockerfile).
CMD ["node", "--import", "tsx", "server/serve-remote.ts"]
