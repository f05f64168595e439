import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routeRules from './src/app/routeRules.json';
import { buildManifestPlugin } from './scripts/vite-plugin-build-manifest';

export default defineConfig({
  // The app can be served under a sub-path (history mode with a base path, spec section 2).
  base: process.env.VITE_BASE_PATH ?? '/',
  plugins: [react(), buildManifestPlugin({ routeRules })],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: { sourcemap: true },
});
