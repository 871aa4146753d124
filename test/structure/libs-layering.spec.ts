import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The libs are the bottom of the house: services, the gateway, the web app, tests and
 * benchmarks build on them, never the other way round. A lib that reaches up (the whole-stack
 * test harness importing every service did) ties every service to every other one and makes
 * the lib impossible to build or test alone.
 */
const ROOT = join(__dirname, '..', '..');
const LIBS = join(ROOT, 'libs');
const ABOVE_LIBS = ['services', 'gateway', 'web', 'test', 'bench'];

const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bjest\.mock\s*\(\s*['"]([^'"]+)['"]/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) ? [path] : [];
  });
}

/** Every module a source text names in an import, export … from, dynamic import, require or jest.mock. */
export function importedModules(text: string): string[] {
  return SPECIFIERS.flatMap((re) => [...text.matchAll(re)])
    .sort((a, b) => a.index - b.index)
    .map((m) => m[1]);
}

/** The folder of the repository a module named in `file` lives in (`services`, `libs` …), or null for a package. */
export function topFolderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
  const target = relative(ROOT, resolve(dirname(file), specifier));
  return target.startsWith('..') ? '..' : target.split(sep)[0];
}

/** What a file under libs/ imports from above the libs: `module (folder)` per import. */
function importsFromAbove(file: string): string[] {
  return importedModules(readFileSync(file, 'utf8'))
    .map((m) => ({ m, top: topFolderOf(file, m) }))
    .filter(({ top }) => top !== null && (ABOVE_LIBS.includes(top) || top === '..'))
    .map(({ m, top }) => `${m} (${top})`);
}

describe('libs depend on nothing above them', () => {
  const files = sourceFiles(LIBS);

  it('finds the libs to check', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('no file under libs/ imports from services/, gateway/, web/, test/ or bench/', () => {
    const offending = files.flatMap((f) => importsFromAbove(f).map((i) => `${relative(ROOT, f)} imports ${i}`));
    expect(offending).toEqual([]);
  });

  it('the contracts never import the seeding lib (demo data and seeding build on the contracts)', () => {
    const offending = files
      .filter((f) => f.startsWith(join(LIBS, 'contracts') + sep))
      .filter((f) =>
        importedModules(readFileSync(f, 'utf8')).some((m) => m === '@app/seeding' || (m.startsWith('.') && resolve(dirname(f), m).startsWith(join(LIBS, 'seeding')))),
      )
      .map((f) => relative(ROOT, f));
    expect(offending).toEqual([]);
  });

  it('a lib reaches its own parts directly, not through its own index (an import circle)', () => {
    const offending = files
      .filter((f) => !/\.(int-)?spec\.ts$/.test(f))
      .flatMap((f) => {
        const lib = relative(LIBS, f).split(sep)[0];
        const index = join(LIBS, lib, 'src');
        return importedModules(readFileSync(f, 'utf8'))
          .filter((m) => m === `@app/${lib}` || (m.startsWith('.') && [index, join(index, 'index')].includes(resolve(dirname(f), m))))
          .map((m) => `${relative(ROOT, f)} imports ${m}`);
      });
    expect(offending).toEqual([]);
  });
});

describe('the import scan', () => {
  const inLibs = join(LIBS, 'testing', 'src', 'test-stack.ts');

  it('sees a service, the gateway and a test reached by relative paths, and packages as packages', () => {
    const text = [
      "import { usersApp } from '../../../services/users/src/users.app';",
      "export { GatewayConfig } from '../../../gateway/src/gateway.config';",
      "const m = await import('../../../test/support');",
      "require('../../../bench/bench-utils');",
      "import 'reflect-metadata';",
      "import { Client } from 'pg';",
    ].join('\n');
    expect(importedModules(text).map((m) => topFolderOf(inLibs, m))).toEqual(['services', 'gateway', 'test', 'bench', null, null]);
  });

  it('sees a multi-line import', () => {
    const text = "import {\n  createGatewayApp,\n  type GatewayOptions,\n} from '../../../gateway/src/gateway.app';";
    expect(importedModules(text).map((m) => topFolderOf(inLibs, m))).toEqual(['gateway']);
  });

  it('takes a sibling lib as libs', () => {
    expect(topFolderOf(inLibs, '../../contracts/src')).toBe('libs');
  });
});
