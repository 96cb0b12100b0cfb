import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';
const proxiedPaths = ['/api', '/locales.json', '/locales', '/favicon.ico', '/logo.svg'];

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, apiServer])),
  },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than our code, so they get their own cacheable chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'bootstrap',
              test: /node_modules[\\/](react-bootstrap|@restart|@popperjs)[\\/]/,
            },
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark|mdast|micromark|hast|unified|unist|vfile)/,
            },
            // pdf.js is big and only the signing page needs it: loaded when that page asks for it.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
