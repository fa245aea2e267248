import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (`.br`, the slowest and smallest setting) and a gzip (`.gz`) copy beside every
 * built file worth compressing, once at build time; the server hands them to browsers that
 * accept them (@fastify/static's preCompressed), so no request pays for the compression.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|ttf|json)$/.test(name)) continue;
        const file = path.join(options.dir ?? 'dist', name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// In development the API runs on its own port (npm start); Vite forwards /api to it.
// Two entries: the office app (index.html) and the customer's page for phones (my.html, served at
// /my/:token), which shares no code with the office app but React (docs/decisions.md, Customer page).
export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { main: 'index.html', my: 'my.html' } },
  },
});
