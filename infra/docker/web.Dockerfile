# syntax=docker/dockerfile:1
#
# The web origin: builds the shell (the host) and runs its production server, which serves that
# build, passes /remotes/<name>/ to each remote's own container (remote.Dockerfile; REMOTES says
# where) and /api to BFF_URL.
#   docker build -f infra/docker/web.Dockerfile .
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

# ---- build: the frontends' dependencies, dev ones included (vite and its plugins), then the shell ----
# The shell reads the remotes' route manifests (frontends/<name>/src/app/routes-manifest.ts) at build time.
FROM npm AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace=frontends/shell --workspace=frontends/marketplace \
      --workspace=frontends/account --workspace=frontends/admin --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/ packages/
COPY frontends/ frontends/
RUN npm run build -w @krom/shell

# ---- deps: what the shell's server needs at run time, plus tsx at its locked version ----
FROM npm AS deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --workspace=frontends/shell --omit=dev --no-save --ignore-scripts --no-audit --no-fund \
      "tsx@$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")"

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=deps /app/ ./
COPY tsconfig.base.json ./
COPY packages/ packages/
COPY frontends/shell/ frontends/shell/
COPY --from=build /app/frontends/shell/dist/ frontends/shell/dist/
COPY infra/docker/healthcheck.mjs /opt/krom/healthcheck.mjs
USER node
WORKDIR /app/frontends/shell
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/opt/krom/healthcheck.mjs", "/health/live"]
# One process, so SIGTERM reaches the server directly (see node-app.Dockerfile).
CMD ["node", "--import", "tsx", "server/serve.ts"]
