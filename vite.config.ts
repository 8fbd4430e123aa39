import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The SPA build (Babel, not SWC, so the Lingui macro runs). The web process serves
 * `dist/client/` with history fallback; `npm run dev:client` proxies the API to a running web process.
 */
export default defineConfig({
  root: 'client',
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Read by `npm run size:check` (scripts/check-bundle-size.ts) to find what the home page loads up front.
    manifest: true,
    // Every page but the home page loads on demand (client/src/app/route-chunks.ts); the entry chunk
    // holds React, Mantine, react-router, tRPC and the home page, budgeted at 190 kB gzip (~620 kB raw).
    chunkSizeWarningLimit: 620,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first load needs in one chunk: one request, and one gzip stream
          // compresses better than twenty small ones. On-demand chunks import from it.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // A feature's index.ts only re-exports its public surface: importing one name
        // from it must not bring the feature's other parts (the auth fields' zod schemas, say).
        moduleSideEffects: [{ test: /[\\/]client[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/trpc': API_TARGET,
      '/api': API_TARGET,
      '/graphql': API_TARGET,
    },
  },
});
