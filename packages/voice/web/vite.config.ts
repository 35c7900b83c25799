import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The voice service this dev server forwards to (`npm run voice`).
const VOICE = 'http://127.0.0.1:8080';
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: `${root}/dist`,
    emptyOutDir: true,
    // The service serves these files with a CSP that forbids inline code; never inline assets.
    assetsInlineLimit: 0,
  },
  server: {
    // The Host header is kept, so `ws_url` from POST /v1/sessions points back at this server.
    proxy: {
      '/v1/voice': { target: VOICE, ws: true },
      '/v1': { target: VOICE },
      '/healthz': { target: VOICE },
    },
  },
});
