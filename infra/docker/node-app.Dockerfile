# syntax=docker/dockerfile:1
#
# One image recipe for every Node process of Krom but the web server: the five services and the BFF.
# WORKSPACE names the workspace folder to run:
#   docker build -f infra/docker/node-app.Dockerfile --build-arg WORKSPACE=services/admin .
# TypeScript runs through tsx, with no compile step; infra/README.md says why.

ARG NODE_IMAGE=node:22.21-bookworm-slim

# ---- npm: the npm the repository declares in packageManager, so the lockfile is read as written ----
FROM ${NODE_IMAGE} AS npm
WORKDIR /app
COPY package.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --global --no-audit --no-fund "$(node -p "require('./package.json').packageManager.split('+')[0]")"

# ---- manifests: package.json of the root and of every workspace, nothing else ----
# Re-run on any source change, but its output only changes with a manifest, so the install layer
# below stays cached until a dependency changes. The globs are the root's "workspaces".
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp --parents package.json package-lock.json \
      packages/*/package.json services/*/package.json bff/package.json frontends/*/package.json e2e/package.json \
      /manifests/

# ---- deps: the workspace's production dependencies from the lockfile, plus tsx ----
FROM npm AS deps
ARG WORKSPACE
RUN test -n "$WORKSPACE" || { echo 'Pass --build-arg WORKSPACE=<folder>, e.g. services/admin' >&2; exit 1; }
COPY --from=manifests /manifests/ ./
# tsx is a root devDependency: it is added at its locked version without the rest of the root
# toolchain. No install script is needed at run time (native modules ship prebuilt binaries).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace="$WORKSPACE" --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm install --workspace="$WORKSPACE" --omit=dev --no-save --ignore-scripts --no-audit --no-fund \
      "tsx@$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")"

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG WORKSPACE
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/ ./
COPY tsconfig.base.json ./
# Shared packages are linked into node_modules as workspaces, so their sources sit beside it.
COPY packages/ packages/
COPY ${WORKSPACE}/ ${WORKSPACE}/
COPY infra/docker/healthcheck.mjs /opt/krom/healthcheck.mjs
# Code and dependencies stay root-owned and read-only to the process; /var/lib/krom is its one
# writable place (compose mounts a volume there, e.g. the notifications dev outbox).
RUN mkdir -p /var/lib/krom && chown node:node /var/lib/krom
USER node
WORKDIR /app/${WORKSPACE}
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/opt/krom/healthcheck.mjs", "/health/ready"]
# `node --import tsx` rather than the tsx CLI: one process, so SIGTERM reaches the server's own
# graceful shutdown directly (the CLI would run the server as a child and relay signals).
CMD ["node", "--import", "tsx", "src/server.ts"]
