# The instances shape in a container (docs/deploy.md): the prerendered site and the lead API, one process, non-root.
# docker build -t voxa-site . && docker run -p 3000:3000 -e LEAD_TOKEN_SECRET=... -e DATABASE_URL=... voxa-site

# Build: every dependency, the sources, `npm run build` (the site) and `npm run build:nginx` (its CSP for nginx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The postinstall step generates code from sources not copied yet (`npm run build` generates it again): the install
# scripts run apart, better-sqlite3's compiling the native addon that the runtime stage takes.
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY . .
# The patches under patches/ (postinstall's first step, which --ignore-scripts skipped) apply to the build's tools.
RUN npx patch-package && npm run build && npm run build:nginx

# The team editor (docs/team-editor.md): `docker build --target editor .`, the service `editor` of compose.yaml. It edits
# copies of the site's repository with the toolchain's every package, so it starts from the build stage, with git and
# its pages built ahead; the site's image below carries none of it.
FROM build AS editor
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates && rm -rf /var/lib/apt/lists/*
RUN node --import tsx -e "import('./editor/bundle.ts').then((bundle) => bundle.editorBundle())" \
  && mkdir -p /data/editor-work && chown -R node:node /data/editor-work /app/node_modules/.vite-editor
USER node
EXPOSE 4400
CMD ["node", "--import", "tsx", "editor/team-main.ts"]

# Runtime: what the server and the leads CLI import at run time (package.json's `dependencies`), their code and the
# build's output; no site sources, no dev tools. tests/deploy/runtime-image.slow.test.ts lays this stage out from a
# built checkout, starts its CMD and runs the leads CLI in it: a file copied here that imports one not copied fails it.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
# The postinstall step generates code from the site's sources, which this image does not carry; better-sqlite3's
# native addon is the one install script the server needs, taken compiled from the build stage.
COPY --from=build /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node ./prebuilt-sqlite/Release/
RUN npm ci --omit=dev --ignore-scripts \
  && cp -r prebuilt-sqlite node_modules/better-sqlite3/build && rm -rf prebuilt-sqlite \
  && npm cache clean --force
COPY --from=build /app/server ./server
COPY --from=build /app/contract ./contract
COPY --from=build /app/platform ./platform
COPY --from=build /app/schemas ./schemas
# The leads CLI that docs/server.md gives operators (export, erase, purge, list, release) and the helpers it imports.
COPY --from=build /app/scripts/leads.ts ./scripts/leads.ts
COPY --from=build /app/toolchain/print.ts ./toolchain/print.ts
COPY --from=build /app/build ./build
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the event loop keeps up. Orchestrators should use GET /readyz to route traffic (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Not `npm start`: it would try to rebuild a stale build, and npm does not pass SIGTERM on reliably.
CMD ["node", "--import", "tsx", "server/main.ts"]
