import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in web/ and is built into dist/web, which the server serves (server/http/web-app.ts).
// `npm run dev:web` serves it with hot reload and forwards machine paths to a server on :3000.
const backend = process.env.CAIRN_DEV_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(
      ['/api', '/mcp', '/oauth', '/.well-known', '/.netlify'].map((p) => [p, { target: backend }]),
    ),
  },
});
