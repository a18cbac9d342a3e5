import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// .br and .gz copies of the built assets (a plain ES module shared by both SPAs' builds)
import { precompress } from '../../scripts/vite-precompress.mjs';

// In development the SPA runs on Vite's server and forwards API paths to the API
// (npm run dev starts it on :3000). In production the API serves dist/ on the same origin.
const api = 'http://localhost:3000';

/** The chunks index.html loads before the entry runs (the groups below and Rolldown's runtime). */
const entryChunk = /^assets\/(rolldown-runtime|react|router|query|shell)-[\w-]+\.js$/;

const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/development/', '/production/'),
);

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // react-router's package exports only its development build (warnings and checks that
    // production never needs): bundle its production build (docs/decisions/014).
    alias: [{ find: /^react-router$/, replacement: reactRouterProduction }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/user_token': api,
      '/users': api,
      '/media': api,
      '/messages': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/check-budgets.mjs reads each page's chunks from it
    manifest: true,
    // modulepreload is native in every browser the es2022 target runs in but Safari 16:
    // there the chunks still load, just without the head start
    modulePreload: {
      polyfill: false,
      // The entry's own chunks are loaded before any code runs: listing them again as a preload
      // of every lazy import only makes the entry's map of dependencies longer (decision 073).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryChunk.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            // the infinite-query observer is only the browse pages' (decision 073): it stays with them
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$)/,
              priority: 1,
            },
            // the shell every page loads first: one chunk, not a handful of small ones (budgets, decision 014);
            // with it the contract clients of the catalogue and favourites, which the five key pages read:
            // in a chunk of their own they cost the restaurant and preset pages ~300 B more (decision 043)
            {
              name: 'shell',
              test: /(apps[\\/]web[\\/]src[\\/](stores[\\/](session|modals)|config[\\/]paths|lib[\\/](create-store|storage|api-client))|packages[\\/]domain[\\/]src[\\/](messages|time-slots|dates|money)|packages[\\/]contracts[\\/]src[\\/]client[\\/](catalogue|favorites))\.ts$/,
              priority: 0,
            },
            // what prices a cart (totals, cart rules, the tax and tip rows): one chunk for the cart,
            // checkout and My Orders pages rather than one per set of pages sharing a part, each a
            // request and a header (the restaurant and preset pages sit at the 120 KB budget, decision
            // 014). money.ts is in the shell above: a group takes its modules' imports with it, and
            // the landing page, which shows prices but never totals, would load the totals too.
            {
              name: 'pricing',
              test: /(packages[\\/]domain[\\/]src[\\/](totals|cart-rules|availability)\.ts|apps[\\/]web[\\/]src[\\/]components[\\/]tax-and-tip-rows\.tsx)$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
