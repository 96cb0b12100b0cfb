import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { purgeBootstrap } from './build/purge-bootstrap.ts';
import { routePreloads } from './build/route-preloads.ts';
import { routeModules } from './src/app/route-modules.ts';

const apiServer = 'http://localhost:3000';
const proxiedPaths = ['/api', '/locales.json', '/locales', '/favicon.ico', '/logo.svg'];

export default defineConfig(({ command }) => ({
  plugins: [react(), routePreloads(routeModules), precompress()],
  base: '/',
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
          ],
        },
      },
    },
  },
}));
