# One image for gateway, workers and the migrate job; the compose file picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx tsc -b && npm run build -w web

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund
# The shared e-book copies volume (EBOOK_CACHE_DIR) takes this folder's owner when compose creates it.
RUN mkdir -p /var/lib/shop/ebook-copies && chown node:node /var/lib/shop/ebook-copies
USER node
EXPOSE 3000
# The gateway's V8 heap bounds (scripts/src/stack/node-flags.ts says why; compose repeats them).
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=4", "gateway/dist/server.js"]
