import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// .br and .gz copies of the built assets (a plain ES module shared by both SPAs' builds)
import { precompress } from '../../scripts/vite-precompress.mjs';

// The built site uses relative asset URLs: the API server mounts it under GROUP_ORDERS_URL's
// path and writes that path into index.html's <base href> (docs/decisions/011), so one build
// serves any configured path. `npm run dev` serves it at the default path and forwards the
// API to the server on :3000.
const api = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  base: command === 'serve' ? '/group-orders-site/' : './',
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/check-budgets.mjs reads each page's chunks from it
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
}));
