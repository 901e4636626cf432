// The workbench is a static folder (dist/) that works from any web server and any path:
// relative asset URLs, module workers, and the engines' WebAssembly emitted as files.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
});
