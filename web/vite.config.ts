import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The installable app (docs/rules.md section 20): a manifest opening at Today and a service worker
 * that precaches the built shell, so a visited app opens without a signal. It never caches /api
 * answers (the screens keep their own, per user, in IndexedDB) and leaves the customer page
 * (my.html) alone. A new build waits until the person chooses 'Reload for the new version'.
 */
const installable = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'DairyDesk',
    short_name: 'DairyDesk',
    description: "A home-delivery dairy's day: deliveries, bills and payments.",
    start_url: '/#/today',
    scope: '/',
    display: 'standalone',
    theme_color: '#12355b',
    background_color: '#0b1a2e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  },
  workbox: {
    // The shell and the screens' code; fonts and the large lazily loaded PDF and sheet code are fetched when used.
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: ['**/my.html', '**/my-*.js', '**/my.*.js'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/my/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
  },
});

// In development the API runs on its own port (npm start); Vite forwards /api to it.
// Two entries: the office app (index.html) and the customer's page for phones (my.html, served at
// /my/:token), which shares no code with the office app but React (docs/decisions.md, Customer page).
export default defineConfig({
  plugins: [react(), precompress(), installable],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { main: 'index.html', my: 'my.html' } },
  },
});
