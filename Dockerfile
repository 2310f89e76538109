# One image for every role of the distributed topology: `api` (stateless HTTP) and `projector` (read-model builder).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# glibc maps every block of 128 KB or more on its own, so freeing one gives it back: without it, the read-model
# snapshot's buffers stayed in the process's heap, ~70 MB of RSS (docs/operations.md "Memory after a burst of writes").
ENV MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# Compiled once here (the roles run dist/, see scripts/start.mjs); the compiler and other dev tools leave afterwards.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# The web pages' bundle, built into the image: the service runs as a user that cannot write beside its packages.
COPY web ./web
RUN npm run build:web
USER node
EXPOSE 8080
CMD ["npm", "run", "start:api"]
