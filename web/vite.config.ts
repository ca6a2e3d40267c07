// Builds the candidate page (web/candidate/) and the recruiter report page
// (web/report/) into dist/web/, served by the server (src/http/candidate-page.ts,
// src/http/report-page.ts); both pages' hashed assets are under /candidate/assets/. A page may import
// the protocol's types from src/ freely (they are erased), but at run time
// only the browser-safe protocol-shared.ts: any other server module reaching
// the bundle fails the build.

import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const ROOT = import.meta.dirname;
const SERVER_SOURCE = path.resolve(ROOT, '../src') + path.sep;
const BROWSER_SAFE = new Set([path.resolve(ROOT, '../src/session/protocol-shared.ts')]);
/** The fonts for every script the page speaks (CSS and font files only). */
const BUNDLED_PACKAGES = [`${path.sep}@fontsource${path.sep}`];

function noServerCode(): Plugin {
  return {
    name: 'no-server-code',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (file.startsWith(SERVER_SOURCE) && !BROWSER_SAFE.has(file)) {
        throw new Error(`${path.relative(ROOT, file)} is server code and must not reach the pages (use import type)`);
      }
      if (file.includes(`${path.sep}node_modules${path.sep}`) && !BUNDLED_PACKAGES.some((name) => file.includes(name))) {
        throw new Error(`${file}: the pages bundle only ${BUNDLED_PACKAGES.join(', ')}; add a package here on purpose`);
      }
      return null;
    },
  };
}

export default defineConfig({
  root: ROOT,
  base: '/candidate/',
  logLevel: 'warn',
  plugins: [noServerCode()],
  build: {
    outDir: path.resolve(ROOT, '../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // Two entries sharing only the fonts, and no dynamic imports: nothing to preload.
    modulePreload: { polyfill: false },
    // Nothing inlined as a data: URL: the Content-Security-Policy allows only 'self' (the audio worklet is a script).
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { candidate: path.resolve(ROOT, 'candidate/index.html'), report: path.resolve(ROOT, 'report/index.html') },
    },
  },
});
