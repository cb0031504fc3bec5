# syntax=docker/dockerfile:1
# Backoffice: one image for the server, the worker and the CLI.
#   docker build -t backoffice .
#   docker run -e DATABASE_URL=postgres://… -e JWT_SECRET=… -p 3000:3000 backoffice

# ---- build: install everything, build the UI, then keep production dependencies only ----
FROM node:24-slim AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# tsx stays: it is a production dependency, the server runs its TypeScript sources through it.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    RUN_WORKER=false
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY server ./server
COPY client ./client
COPY shared ./shared
COPY worker ./worker
COPY cli ./cli
COPY migrations ./migrations
# Runs as the image's unprivileged `node` user; only the data folder (uploads) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# slim has no curl: ask Node itself.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
