# One image for every role of the distributed topology: `api` (stateless HTTP) and `projector` (read-model builder).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
USER node
EXPOSE 8080
CMD ["npm", "run", "start:api"]
