# syntax=docker/dockerfile:1.7
# agent-guard container image: build stage compiles TypeScript and the tree-sitter native modules;
# the runtime stage carries only production dependencies and runs as a non-root user.
# Node 24 is the LTS line the project tests against (engines: ^20.19 || ^22.12 || >=24).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# tree-sitter's core ships no prebuild for glibc 2.36, so node-gyp compiles it here.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/bundle-cli.ts ./scripts/bundle-cli.ts
COPY src ./src
# tsc builds dist/ (library entry, types); esbuild bundles the CLI into dist/bundle/ (fast start).
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG VERSION=0.1.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="agent-guard" \
      org.opencontainers.image.description="Sidecar proxy and decision engine that keeps autonomous AI agents from running dangerous commands and leaking secrets" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.source="https://github.com/agent-guard/agent-guard"
# MALLOC_TRIM_THRESHOLD_: glibc's malloc hands freed memory back (a fixed threshold instead of one
# that rises after the first large frees); with the node flag in ENTRYPOINT it keeps the sidecar's peak
# RSS under load lower (docs/performance.md, "Proxy"; src/cli/serve-memory.ts lists both).
ENV NODE_ENV=production \
    AGENT_GUARD_HOST=0.0.0.0 \
    AGENT_GUARD_PORT=8787 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root docs ./docs
# The image's files belong to root and are read-only for the service user (uid 10001), so a
# compromised process cannot rewrite its own code; it writes only to mounted volumes and /tmp.
RUN groupadd --system --gid 10001 agentguard \
 && useradd --system --uid 10001 --gid agentguard --no-create-home --shell /usr/sbin/nologin agentguard
USER 10001:10001
EXPOSE 8787
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.AGENT_GUARD_PORT||8787)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node flags of the process tuning (src/cli/serve-memory.ts says why each; NODE_OPTIONS cannot carry
# them). Every start path of the image (Helm chart, deploy/, injected sidecars) runs this.
ENTRYPOINT ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "--no-allocation-site-pretenuring", "/app/dist/bundle/main.js"]
CMD ["serve"]
