import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev`: Vite serves the app with hot reload; the API runs beside it (tsx watch) behind this proxy.
// changeOrigin stays off so the API sees the page's own host and accepts its Origin.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': api, '/platform': api } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
