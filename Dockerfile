# One image for every role: the web app (`npm start`, with its own workers or none) and standalone
# task workers (`npm run worker`). See docker-compose.yml and docs/scaling.md.
FROM node:20-bookworm

WORKDIR /app

# Chromium and fonts: chat answers carry PNG charts rendered in headless Chromium.
COPY scripts/install-system-deps.sh scripts/install-system-deps.sh
RUN bash scripts/install-system-deps.sh && rm -rf /var/lib/apt/lists/*

# Dependencies first (cached while only sources change). `postinstall` generates both Prisma clients
# (SQLite and PostgreSQL), so the schema, its configs, the derivation script and the URL parsing the
# PostgreSQL config shares with the app (lib/db/postgres.ts) come along.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma prisma
COPY scripts/prisma-postgres.ts scripts/prisma-postgres.ts
COPY lib/db/postgres.ts lib/db/postgres.ts
RUN npm install --no-audit --no-fund

COPY . .
RUN npm run build \
  && mkdir -p /data \
  && chown -R node:node /data .next

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SKIP_BUILD=1 \
    CHROMIUM_PATH=/usr/bin/chromium \
    NEXT_TELEMETRY_DISABLED=1

USER node
VOLUME ["/data"]
EXPOSE 3000
CMD ["npm", "start"]
