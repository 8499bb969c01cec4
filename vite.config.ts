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
    rolldownOptions: {
      // Stable file names: the embedded server lists the files of dist/ when it starts, so a rebuilt
      // explorer keeps loading in a server that is already running (as Playwright reuses locally).
      output: {
        entryFileNames: 'assets/[name].js',
        chunkFileNames: 'assets/[name].js',
        assetFileNames: 'assets/[name][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? '8080'}` },
  },
});
