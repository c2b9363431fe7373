# syntax=docker/dockerfile:1
# (Dockerfile syntax 1.19 or later, which BuildKit fetches by the line above: the editor stage's COPY --exclude.)
# The instances shape in a container (docs/deploy.md): the prerendered site and the lead API, one process, non-root.
# docker build -t voxa-site . && docker run -p 3000:3000 -e LEAD_TOKEN_SECRET=... -e DATABASE_URL=... voxa-site

# Build: every dependency, the sources, `npm run build` (the site) and `npm run build:nginx` (its CSP for nginx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The two runtimes' manifests, workspaces of the root package (docs/deploy.md, Two runtimes, one lockfile).
COPY deploy/site/package.json ./deploy/site/
COPY deploy/team-editor/package.json ./deploy/team-editor/
# The postinstall step generates code from sources not copied yet (`npm run build` generates it again): the install
# scripts run apart, better-sqlite3's compiling the native addon that the runtime stages take.
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY . .
# The patches under patches/ (postinstall's first step, which --ignore-scripts skipped) apply to the build's tools.
RUN npx patch-package && npm run build && npm run build:nginx

# The team editor (docs/team-editor.md): `docker build --target editor .`, the service `editor` of compose.yaml. Its own
# runtime: the packages deploy/team-editor/package.json declares, at the root lockfile's versions (its preview build's
# Vite, React and Chakra among them, and the site's build, which builds the previews of review requests; no test tool);
# the code it runs, without the tests, their helpers, the benchmarks and the pictures of the docs; git; its pages built
# ahead; the site's build, which the first preview starts from. tests/deploy/editor-image.slow.test.ts lays this stage
# out without Docker, starts it and builds a preview in it: a module it imports that is not copied, or a package that is
# not installed, fails it.
FROM node:20-bookworm-slim AS editor
ENV EDIT_TEAM_HOST=0.0.0.0 EDIT_TEAM_WORK_DIR=/data/editor-work
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY deploy/team-editor/package.json ./deploy/team-editor/
COPY --from=build /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node ./prebuilt-sqlite/Release/
RUN npm ci --omit=dev --workspace=deploy/team-editor --ignore-scripts \
  && cp -r prebuilt-sqlite node_modules/better-sqlite3/build && rm -rf prebuilt-sqlite \
  && npm cache clean --force
# The files of the site's build tools that patches/ changes (patch-package, which this install does not run): the
# previews are built with the tools as the site's build runs them.
COPY --from=build /app/node_modules/@chakra-ui/react/dist/cjs/utils/memo.cjs ./node_modules/@chakra-ui/react/dist/cjs/utils/
COPY --from=build /app/node_modules/@chakra-ui/react/dist/esm/utils/memo.js ./node_modules/@chakra-ui/react/dist/esm/utils/
COPY --from=build /app/node_modules/@chakra-ui/react/dist/cjs/styled-system/factory.cjs ./node_modules/@chakra-ui/react/dist/cjs/styled-system/
COPY --from=build /app/node_modules/@chakra-ui/react/dist/esm/styled-system/factory.js ./node_modules/@chakra-ui/react/dist/esm/styled-system/
COPY --from=build /app/node_modules/@chakra-ui/react/dist/cjs/styled-system/provider.cjs ./node_modules/@chakra-ui/react/dist/cjs/styled-system/
COPY --from=build /app/node_modules/@chakra-ui/react/dist/esm/styled-system/provider.js ./node_modules/@chakra-ui/react/dist/esm/styled-system/
COPY --from=build /app/node_modules/@react-router/dev/dist/cli/index.js ./node_modules/@react-router/dev/dist/cli/
COPY --from=build /app/node_modules/@react-router/dev/dist/vite.js ./node_modules/@react-router/dev/dist/
COPY --from=build /app/node_modules/@react-router/dev/dist/vite/cloudflare.js ./node_modules/@react-router/dev/dist/vite/
COPY --from=build /app/node_modules/vite/dist/node/module-runner.js ./node_modules/vite/dist/node/
COPY --from=build /app/node_modules/vite/dist/node/chunks/node.js ./node_modules/vite/dist/node/chunks/
COPY --from=build /app/node_modules/react-router/dist/development/index.js /app/node_modules/react-router/dist/development/chunk-H4DAEOV7.mjs ./node_modules/react-router/dist/development/
COPY --from=build /app/node_modules/react-router/dist/production/index.js /app/node_modules/react-router/dist/production/chunk-G2MPF4YY.mjs ./node_modules/react-router/dist/production/
# tsx reads tsconfig.json as it loads the code; the saves are formatted with the repository's Prettier settings.
COPY tsconfig.json .prettierrc.json ./
COPY --from=build --exclude=**/*.test.* --exclude=**/test-*.ts --exclude=bench-*.ts --exclude=screenshot.ts \
  --exclude=project-copy.ts --exclude=team/store-contract.ts /app/editor ./editor
COPY --from=build /app/contract ./contract
COPY --from=build /app/platform ./platform
COPY --from=build --exclude=**/*.test.* /app/toolchain ./toolchain
COPY --from=build --exclude=**/*.test.* /app/imaging ./imaging
COPY --from=build /app/schemas ./schemas
# What the editor's pages are built from (the preview renders pages with the site's own blocks), and the block folders
# whose manifests, schemas and migrations the server reads.
COPY --from=build --exclude=**/*.test.* /app/blocks ./blocks
COPY --from=build --exclude=**/*.test.* /app/kit ./kit
COPY --from=build --exclude=**/*.test.* /app/renderer ./renderer
# The site's build, which builds each review request's preview (editor/team/previews/builds.ts runs scripts/build.ts as
# `npm run build` does): its configs, the scripts it runs, and the inputs the build stage's build record lists beside
# them (the patches, editor-team.json, .dockerignore, the generation's scripts), so that the record holds here and the
# first preview renders only the pages its content changes.
COPY --from=build /app/react-router.config.ts /app/vite.config.ts /app/editor-team.json /app/.dockerignore ./
COPY --from=build /app/patches ./patches
COPY --from=build /app/scripts/build.ts /app/scripts/gen.ts /app/scripts/generate.ts ./scripts/
COPY --from=build /app/scripts/content/validate-cli.ts /app/scripts/content/report-formats.ts ./scripts/content/
COPY --from=build /app/scripts/lint/import-graph.ts ./scripts/lint/
COPY --from=build --exclude=**/*.test.* /app/scripts/pipeline ./scripts/pipeline
COPY --from=build /app/build ./build
# Besides the previews, which go to the work folder, a build writes the pictures' cache (.cache/media), the preview
# cards' (node_modules/.cache) and Vite's config bundled for loading (node_modules/.vite-temp): the node user's.
RUN node --import tsx -e "import('./editor/bundle.ts').then((bundle) => bundle.editorBundle())" \
  && mkdir -p /data/editor-work /app/data /app/.cache /app/node_modules/.cache /app/node_modules/.vite-temp \
  && chown -R node:node /data/editor-work /app/data /app/.cache /app/node_modules/.cache /app/node_modules/.vite-temp \
    /app/node_modules/.vite-editor
# The pictures and preview cards the site's build made, which the previews' builds take instead of making them again.
COPY --from=build --chown=node:node /app/.cache/media ./.cache/media
COPY --from=build --chown=node:node /app/node_modules/.cache/preview-cards ./node_modules/.cache/preview-cards
USER node
EXPOSE 4400
# Up when it serves its sign-in page at the address people open (the Host its guard expects, EDIT_TEAM_URL's).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "const e=process.env,u=new URL(e.EDIT_TEAM_URL||'http://localhost:'+(e.EDIT_TEAM_PORT||4400)),port=e.EDIT_TEAM_PORT||(['localhost','127.0.0.1'].includes(u.hostname)&&u.port)||4400;require('http').get({host:'127.0.0.1',port,path:'/team/sign-in',headers:{host:u.host}},(r)=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"
CMD ["node", "--import", "tsx", "editor/team-main.ts"]

# Runtime: what the server and the leads CLI import at run time (deploy/site/package.json's `dependencies`), their code
# and the build's output; no site sources, no dev tools. tests/deploy/runtime-image.slow.test.ts lays this stage out
# from a built checkout, starts its CMD and runs the leads CLI in it: a file copied here that imports one not copied
# fails it.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
COPY deploy/site/package.json ./deploy/site/
# The postinstall step generates code from the site's sources, which this image does not carry; better-sqlite3's
# native addon is the one install script the server needs, taken compiled from the build stage.
COPY --from=build /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node ./prebuilt-sqlite/Release/
RUN npm ci --omit=dev --workspace=deploy/site --ignore-scripts \
  && cp -r prebuilt-sqlite node_modules/better-sqlite3/build && rm -rf prebuilt-sqlite \
  && npm cache clean --force
COPY --from=build /app/server ./server
COPY --from=build /app/contract ./contract
COPY --from=build /app/platform ./platform
COPY --from=build /app/schemas ./schemas
# The leads CLI that docs/server.md gives operators (export, erase, purge, list, release) and the helpers it imports.
COPY --from=build /app/scripts/leads.ts ./scripts/leads.ts
COPY --from=build /app/toolchain/print.ts ./toolchain/print.ts
# Without what the next build would reuse (build/.incremental/: the server build and its record), which nothing serves.
COPY --from=build --exclude=.incremental /app/build ./build
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the event loop keeps up. Orchestrators should use GET /readyz to route traffic (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Not `npm start`: it would try to rebuild a stale build, and npm does not pass SIGTERM on reliably.
CMD ["node", "--import", "tsx", "server/main.ts"]
