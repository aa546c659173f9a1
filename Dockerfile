# The same steps as the README: npm ci, build, then serve the build with the embedded defaults.
# Built and run by `npm run test:container` (tests/container/).

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency's install script runs: better-sqlite3 ships its binding for this platform and loads it when
# nothing was compiled, but `npm ci` would run node-gyp for it, which needs Python and a compiler this image
# does not have (docs/decisions/0018-container-stand-ins.md).
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev
# What no production process reads leaves with the build stage: source maps, type declarations, read-mes and
# change logs (licences stay), better-sqlite3's C sources and its bindings for other systems, the sources and
# browser bundles packages ship beside what Node loads, the carrier and place-name data of the phone library
# whose time zones alone we read (server/leads/checks/phone-time-zones.ts), the Babel that Emotion's
# build-time macro needs and the macro's loaders (its run-time helpers, @babel/runtime, stay), the development
# builds that React DOM and React Router pick only when NODE_ENV is not production (the image sets it; React
# DOM's small entry build stays, Node reads it for the package's named exports) and React DOM's builds for
# browsers and other runtimes, and packages' tests and docs. Then the binding this image uses must load, or the
# build stops here rather than the server at start-up.
RUN find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
      -o -iname 'readme.md' -o -iname 'changelog.md' -o -iname 'history.md' \) -delete \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
      node_modules/libphonenumber-geo-carrier/resources/carrier node_modules/libphonenumber-geo-carrier/resources/geocodes \
      node_modules/libphonenumber-js/bundle node_modules/libphonenumber-js/source node_modules/zod/src \
      node_modules/@emotion/babel-plugin node_modules/babel-plugin-macros node_modules/cosmiconfig \
      node_modules/resolve node_modules/source-map node_modules/react-router/dist/development \
      node_modules/bintrees/test node_modules/undici/docs node_modules/bson/src \
 && find node_modules/react-dom/cjs -type f ! -name react-dom.development.js \( -name '*.development.js' \
      -o -name '*.browser.*' -o -name '*.bun.*' -o -name '*.edge.*' -o -name '*profiling*' -o -name '*test-utils*' \
      -o -name 'react-dom-client.*' \) -delete \
 && find node_modules/@babel -mindepth 1 -maxdepth 1 ! -name runtime -exec rm -rf {} + \
 && find node_modules/better-sqlite3/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
 && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"

FROM node:24-slim AS runtime
# npm stays in the image for `npm run db:backup` and `npm run db:restore` (see the README), without its
# update check.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NODE_COMPILE_CACHE=/app/.cache/node
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/shared ./shared
COPY --from=build --chown=node:node /app/content ./content
# Owner-only, as the server creates DATA_DIR itself: a new volume takes this folder's owner and mode.
RUN install -d -o node -g node -m 700 /app/data /app/.cache
USER node
# Node's compile cache, filled here as the user the server runs as: each start then skips parsing and stripping
# the types of the server's modules again, about a fifth of the CPU a start takes.
RUN node --input-type=module -e "await import('./server/create-server.ts'); await import('./dist/server/entry-server.js')"
VOLUME ["/app/data"]
EXPOSE 3000
# Healthy at the first answer; a slow start on a busy host (up to a minute) is not held against it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "server/index.ts"]
