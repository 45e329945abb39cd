import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In `npm run dev` the API, the OIDC provider and its sign-in pages live on the server;
// Vite proxies them so the browser sees one origin (as in production).
// (Read through globalThis so this file needs no Node type definitions.)
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiOrigin = env.CRATEBASE_API_ORIGIN ?? 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/interaction', '/media', '/config.json', '/dev/'];

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: Boolean(env.CRATEBASE_SOURCEMAP),
    chunkSizeWarningLimit: 600,
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: false }])),
  },
});
