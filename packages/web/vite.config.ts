import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiServer = 'http://localhost:3000';
const proxiedPaths = ['/api', '/locales.json', '/locales', '/favicon.ico', '/logo.svg'];

export default defineConfig({
  plugins: [react(), precompress()],
  base: '/',
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
});
