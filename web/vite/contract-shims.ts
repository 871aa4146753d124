import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The web app imports the HTTP contract (`@app/contracts/http`): route values and the response
 * schema classes, whose decorators come from class-validator, class-transformer and
 * @nestjs/swagger. The browser needs the classes only as names and types, so when a module of
 * libs/contracts imports one of those packages (or reflect-metadata) the build hands it a
 * no-op stand-in instead:
 * - @nestjs/swagger: the package's own `dist/extra/swagger-shim.js`;
 * - class-validator, class-transformer: a generated module exporting, for every export name
 *   of the real package, a decorator factory that does nothing;
 * - reflect-metadata: an empty module.
 * Imports of those packages from anywhere else are left alone (the web app has none).
 */

const require = createRequire(import.meta.url);
const CONTRACTS = fileURLToPath(new URL('../../libs/contracts/', import.meta.url));
const PREFIX = '\0contract-shim:';
const GENERATED = ['class-validator', 'class-transformer'] as const;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The no-op module of a decorator package: `export const IsString = noop;` for each export. */
export function noopModuleSource(exportNames: readonly string[]): string {
  const names = exportNames.filter((n) => IDENTIFIER.test(n) && n !== 'default' && n !== '__esModule');
  return [
    '// no-op stand-ins: the browser uses the contract classes as names and types only',
    'const decorator = () => undefined;',
    'const noop = () => decorator;',
    ...names.map((n) => `export const ${n} = noop;`),
    'export default noop;',
    '',
  ].join('\n');
}

export function contractShims(): Plugin {
  return {
    name: 'contract-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !importer.replace(/\\/g, '/').startsWith(CONTRACTS.replace(/\\/g, '/'))) return null;
      if (source === '@nestjs/swagger') return require.resolve('@nestjs/swagger/dist/extra/swagger-shim.js');
      if (source === 'reflect-metadata' || (GENERATED as readonly string[]).includes(source)) return PREFIX + source;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      if (name === 'reflect-metadata') return 'export {};\n';
      return noopModuleSource(Object.keys(require(name) as object));
    },
  };
}
