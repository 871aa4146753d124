import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The web app imports the HTTP contract (`@app/contracts/http`): route values and the response
 * schema classes, whose decorators come from class-validator, class-transformer and
 * @nestjs/swagger. The browser needs the classes only as names and types, so when a module of
 * libs/contracts imports one of those packages (or reflect-metadata) the build hands it a
 * no-op stand-in instead:
 * - class-validator, class-transformer: a generated module exporting, for every export name
 *   of the real package, a decorator factory that does nothing;
 * - @nestjs/swagger: the same, for every export name of the package's own browser shim
 *   (`dist/extra/swagger-shim.js`, whose functions do nothing either): an ES module the
 *   bundler can leave out where nothing is used, which that CommonJS file is not;
 * - reflect-metadata: an empty module.
 * Imports of those packages from anywhere else are left alone (the web app has none).
 *
 * Before that, the decorators themselves are taken out of the contract modules the bundle
 * reads (`stripDecorators`): a decorator call is not something a bundler may drop, and with
 * them the OpenAPI texts of every field, and the modules they name, would reach the browser.
 * Without them the classes are empty names and the imports they used are left unused. The
 * stand-ins stay as the safety net for whatever still imports those packages.
 */

const require = createRequire(import.meta.url);
const CONTRACTS = fileURLToPath(new URL('../../libs/contracts/', import.meta.url));
const PREFIX = '\0contract-shim:';
const GENERATED = ['class-validator', 'class-transformer', '@nestjs/swagger'] as const;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** The package's `exports` leave its shim out, so it is found beside the package's main file (dist/index.js). */
const SWAGGER_SHIM = join(dirname(require.resolve('@nestjs/swagger')), 'extra', 'swagger-shim.js');

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

/** The source with every decorator (`@Field.id()`, `@IsUUID()`…) cut out; the rest is left as written. */
export function stripDecorators(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.canHaveDecorators(node)) for (const d of ts.getDecorators(node) ?? []) cuts.push([d.getStart(file), d.getEnd()]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

export function contractShims(): Plugin {
  return {
    name: 'contract-shims',
    enforce: 'pre',
    transform(code, id) {
      const file = id.replace(/\\/g, '/');
      if (!file.startsWith(CONTRACTS.replace(/\\/g, '/')) || !/\.ts$/.test(file) || !code.includes('@')) return null;
      return { code: stripDecorators(code, file), map: null };
    },
    resolveId(source, importer) {
      if (!importer || !importer.replace(/\\/g, '/').startsWith(CONTRACTS.replace(/\\/g, '/'))) return null;
      if (source === 'reflect-metadata' || (GENERATED as readonly string[]).includes(source)) return PREFIX + source;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      if (name === 'reflect-metadata') return 'export {};\n';
      return noopModuleSource(Object.keys(require(name === '@nestjs/swagger' ? SWAGGER_SHIM : name) as object));
    },
  };
}
