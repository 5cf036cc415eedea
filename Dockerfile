# The images of docker-compose.yml: `server` runs every Zelo process (the role is chosen by ZELO_ROLES),
# `nginx` serves the web app's production build and load-balances the API (deploy/nginx/).
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
# The API as browsers reach it: through nginx (docker-compose.yml publishes it on :8080).
ARG VITE_API_URL=http://localhost:8080
RUN VITE_API_URL=$VITE_API_URL npm run build -w web
# The web app's security headers (web/security-headers.ts) as nginx add_header lines, the same
# include `npm run start:cluster` writes.
RUN node deploy/load-balancer.mjs security-headers "$VITE_API_URL" > /app/web/security-headers.conf

FROM base AS server
ENV NODE_ENV=production
CMD ["npx", "tsx", "app/src/main.ts"]

# The configuration is deploy/nginx/zelo.conf.template, mounted by compose into /etc/nginx/templates
# (rendered into conf.d at start).
FROM nginx:1.27-alpine AS nginx
RUN rm /etc/nginx/conf.d/default.conf
COPY --from=web-build /app/web/dist /usr/share/zelo/web
COPY --from=web-build /app/web/security-headers.conf /etc/nginx/zelo/security-headers.conf
