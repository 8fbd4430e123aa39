import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The SPA build (stack-facts.md: Babel, not SWC, so the Lingui macro runs). The web process serves
 * `dist/client/` with history fallback; `npm run dev:client` proxies the API to a running web process.
 */
export default defineConfig({
  root: 'client',
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Mantine, React, react-router and tRPC together are ~550 kB before gzip; one chunk is fine for now.
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/trpc': API_TARGET,
      '/api': API_TARGET,
      '/graphql': API_TARGET,
    },
  },
});
