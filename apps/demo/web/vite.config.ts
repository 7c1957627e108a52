// The viewer's build: `vite build web` from apps/demo (root = this folder, output in web/dist).
// The @firsttouch packages come in through their built `dist` (build them first), the very code the
// library runs in Node, so the page and a script compute the same numbers.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built page works from any path and any static server.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // three.js and the bunny's vertex list make one chunk of about 730 kB: expected, not a warning.
    chunkSizeWarningLimit: 1500,
  },
  preview: { host: '127.0.0.1' },
});
