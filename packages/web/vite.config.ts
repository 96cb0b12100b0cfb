import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { lazySchemas } from './build/lazy-schemas.ts';
import { precompress } from './build/precompress.ts';
import { purgeBootstrap } from './build/purge-bootstrap.ts';
import { routePreloads } from './build/route-preloads.ts';
import { routeModules } from './src/app/route-modules.ts';

const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);
const apiServer = 'http://localhost:3000';
const proxiedPaths = ['/api', '/locales.json', '/locales', '/favicon.ico', '/logo.svg'];

export default defineConfig(({ command }) => ({
  plugins: [react(), lazySchemas(), routePreloads(routeModules), precompress()],
  base: '/',
  resolve: {
    // react-router's package exports name only its development build, which differs from the
    // production one by its dev warnings (remix-run/react-router#12532, #14102): the build
    // takes the production files, the dev server keeps the warnings.
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  css: {
    // Bootstrap's CSS trimmed to the rules the app uses, in the build only (a dev server
    // serves it whole, so that a class just typed works at once).
    postcss: { plugins: command === 'build' ? [purgeBootstrap()] : [] },
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and the global colour functions that Dart
      // Sass warns about; the warnings are Bootstrap's to fix, not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, apiServer])),
  },
  build: {
    rolldownOptions: {
      output: {
        // React and its router change less often than our code and every page needs them: a
        // cacheable chunk of their own. Everything else is split where it is imported, so each
        // screen loads only the libraries it uses (Markdown, pdf.js, the charts).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // Bootstrap's components that several screens use, and the form library.
            {
              name: 'ui',
              test: /node_modules[\\/](react-bootstrap|@restart|@popperjs|dom-helpers|react-transition-group|uncontrollable|@react-aria)[\\/]/,
              minShareCount: 2,
            },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // The API calls and the contract's schemas that several screens share: one chunk
            // instead of a dozen of 1 kB each (a page's requests, each with its headers, count
            // on a slow line; the editor's first load went from 27 files to 19).
            {
              name: 'api',
              test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
