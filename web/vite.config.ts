import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { precompressDirectory } from '../scripts/precompress-web';
import { contractShims } from './vite/contract-shims';

/** Folder of this file, so the build works whatever directory it is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The wire contract (views, request bodies, status lists, limits, plain rules), decorator-free:
 * the one part of libs/contracts the browser may import. Same name as in web/tsconfig.json.
 */
const wireContract = { '@app/contracts/wire': fileURLToPath(new URL('../libs/contracts/src/wire/index.ts', import.meta.url)) };

/**
 * The HTTP contract (route values, response schema classes): the web app takes them for
 * `api.call`; their decorator packages become no-op stand-ins (contractShims, web/vite/).
 */
const httpContract = { '@app/contracts/http': fileURLToPath(new URL('../libs/contracts/src/http/index.ts', import.meta.url)) };

/** The gateway serves the REST API under /api; `npm run dev` starts it on this port. */
const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: true } };

/**
 * Vendor chunks, so an app release does not invalidate the browser's copy of React or MUI.
 * - react, query-i18n: needed by every page, one chunk each.
 * - mui-core: only the MUI/emotion modules the shell imports statically (`$initial`: theme,
 *   CssBaseline, splash). MUI components that only some screens use are left to automatic
 *   splitting, so they load with the lazy feature chunks instead of with the first page.
 * - The data grid and the charts have no group of their own: a group takes the modules it
 *   captures with their dependencies, and the MUI utilities they share with the sign-in page
 *   and the shell came along, which put the whole grid (about 220 KB gzip), or the charts
 *   (about 150 KB), on every page. Left to automatic splitting, each loads with the screens
 *   that use it (the admin area, the dashboards).
 */
const vendorGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 40 },
  { name: 'mui-core', test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|@popperjs|react-transition-group|react-is|clsx|stylis|hoist-non-react-statics|prop-types)[\\/]/, tags: ['$initial'], priority: 30 },
  { name: 'query-i18n', test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 20 },
];

/**
 * Brotli and gzip copies of the build's text files, made once here rather than per request:
 * the gateway serves them by Accept-Encoding (scripts/precompress-web.ts, gateway/src/web-app.ts).
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    handler() {
      const r = precompressDirectory(fileURLToPath(new URL('dist', import.meta.url)));
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${r.files} files: ${kb(r.bytes)} raw, ${kb(r.brotli)} brotli, ${kb(r.gzip)} gzip`);
    },
  },
});

export default defineConfig({
  root: webRoot,
  // No @vitejs/plugin-react: Vite 8's built-in oxc transform compiles JSX (no React fast refresh in dev).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  plugins: [contractShims(), precompress()],
  resolve: { alias: { ...wireContract, ...httpContract } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry and lazy route needs (read by the bundle report)
    manifest: true,
    rolldownOptions: {
      // MUI and TanStack mark modules 'use client' for React Server Components; meaningless in
      // a client-only bundle, and the bundler warns once per module.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
