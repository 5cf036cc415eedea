# One image for every Zelo process; the role is chosen by ZELO_ROLES (see docker-compose.yml).
FROM node:20-bookworm-slim AS base
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/package.json services/
COPY projections/package.json projections/
COPY workflows/package.json workflows/
COPY app/package.json app/
COPY web/package.json web/
COPY cli/package.json cli/
RUN npm ci --no-audit --no-fund
COPY . .

FROM base AS web-build
ARG VITE_API_URL=http://localhost:8080
RUN VITE_API_URL=$VITE_API_URL npm run build -w web
# The nginx config carries the same security headers as the dev server (web/security-headers.ts).
RUN VITE_API_URL=$VITE_API_URL npx tsx web/security-headers.ts > /app/web/nginx.conf

FROM base AS server
ENV NODE_ENV=production
CMD ["npx", "tsx", "app/src/main.ts"]

FROM nginx:1.27-alpine AS web
COPY --from=web-build /app/web/dist /usr/share/nginx/html
COPY --from=web-build /app/web/nginx.conf /etc/nginx/conf.d/default.conf
