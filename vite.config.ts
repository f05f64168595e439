import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routeRules from './src/app/routeRules.json';
import { buildManifestPlugin } from './scripts/vite-plugin-build-manifest';
import { precompiledValidatorsPlugin } from './scripts/vite-plugin-precompiled-validators';

export default defineConfig({
  // The app can be served under a sub-path (history mode with a base path, spec section 2).
  base: process.env.VITE_BASE_PATH ?? '/',
  plugins: [react(), buildManifestPlugin({ routeRules }), precompiledValidatorsPlugin()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  // The manifest lets npm run bench follow the chunks a funnel step loads.
  build: { sourcemap: true, manifest: true },
});
