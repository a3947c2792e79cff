import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The NestJS server serves admin/dist at "/admin" (SPA fallback) next to the API on the same
// origin. The favicon and the pre-paint theme script are the portal's (one copy).
export default defineConfig({
  root,
  base: '/admin/',
  publicDir: fileURLToPath(new URL('../portal/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
