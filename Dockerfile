# The instances shape in a container (docs/deploy.md): the prerendered site and the lead API, one process, non-root.
# docker build -t voxa-site . && docker run -p 3000:3000 -e LEAD_TOKEN_SECRET=... -e DATABASE_URL=... voxa-site

# Build: every dependency, the sources, `npm run build` (the site) and `npm run build:nginx` (its CSP for nginx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm run build:nginx

# Runtime: production dependencies only, the server's code and the build's output; no site sources, no dev tools.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
# The postinstall step generates code from the site's sources, which this image does not carry; better-sqlite3's
# native addon is the one install script the server needs.
COPY --from=build /app/node_modules/better-sqlite3/build ./prebuilt-sqlite/
RUN npm ci --omit=dev --ignore-scripts \
  && cp -r prebuilt-sqlite node_modules/better-sqlite3/build && rm -rf prebuilt-sqlite \
  && npm cache clean --force
COPY --from=build /app/server ./server
COPY --from=build /app/contract ./contract
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/scripts/leads.ts ./scripts/leads.ts
COPY --from=build /app/build ./build
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the event loop keeps up. Orchestrators should use GET /readyz to route traffic (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Not `npm start`: it would try to rebuild a stale build, and npm does not pass SIGTERM on reliably.
CMD ["node", "--import", "tsx", "server/main.ts"]
