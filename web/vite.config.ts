import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Folder of this file, so the build works whatever directory it is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The gateway serves the REST API under /api; `npm run dev` starts it on this port. */
const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: true } };

/**
 * Vendor chunks, most specific first. Each group is cached independently by browsers, so an
 * app release does not invalidate React or MUI. Feature code is split by the `lazy()` routes,
 * and heavy vendors used by one feature only (DataGrid, Charts) land in their own chunks and
 * load with that feature.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 40 },
  { name: 'mui-x-grid', test: /node_modules[\\/]@mui[\\/]x-data-grid/, priority: 35 },
  { name: 'mui-x-charts', test: /node_modules[\\/](@mui[\\/]x-charts|d3-|@mui[\\/]x-charts-vendor)/, priority: 35 },
  { name: 'mui-icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 32 },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|@popperjs|react-transition-group|react-is|clsx|stylis|hoist-non-react-statics|prop-types)/, priority: 30 },
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)/, priority: 20 },
];

export default defineConfig({
  root: webRoot,
  // No @vitejs/plugin-react: Vite 8's built-in oxc transform compiles JSX (no React fast refresh in dev).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
