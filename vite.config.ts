import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The explorer is a static SPA; in development, API calls go to the embedded server.
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // MapLibre's chunk (about 1.1 MB) is the largest, and loads only on the Map tab: the catalog's
    // JavaScript budget is measured by `npm run bench` instead.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? '8080'}` },
  },
});
