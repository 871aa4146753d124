import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { preProcessFile } from 'typescript';

/**
 * The web app's bundle takes the wire contract as source, so nothing reachable from the wire
 * entry may need the server: a payload class's decorators would pull class-validator (and
 * reflect-metadata, Node built-ins …) into every page. These tests follow the import graph
 * (`import`, `export … from`, `require`, `import()`) from the wire entry and from the web app's
 * entry. Type-only imports and exports (`import type`, `export type { … } from`) are erased by
 * the compiler, so they are not followed: the wire re-exports the views declared as the HTTP
 * contract's schema classes that way.
 *
 * The web app also takes the HTTP contract (`@app/contracts/http`: route values and schema
 * classes). Its decorator packages are resolved to no-op stand-ins by the build
 * (web/vite/contract-shims.ts), so those, imported from libs/contracts, are the only server
 * packages the bundle may name.
 */

const WIRE = __dirname;
const WIRE_ENTRY = join(WIRE, 'index.ts');
const ROOT = resolve(WIRE, '..', '..', '..', '..');
const LIBS = join(ROOT, 'libs');
const WEB_ENTRY = join(ROOT, 'web', 'src', 'main.tsx');
/** How the web app names the wire entry (web/tsconfig.json, web/vite.config.ts, web/jest.project.js). */
const WIRE_ALIAS = '@app/contracts/wire';
const HTTP = resolve(WIRE, '..', 'http');
const HTTP_ENTRY = join(HTTP, 'index.ts');
const HTTP_ALIAS = '@app/contracts/http';
/** What web/vite/contract-shims.ts turns into no-op stand-ins when libs/contracts imports it. */
const SHIMMED = new Set(['class-validator', 'class-transformer', 'reflect-metadata', '@nestjs/swagger']);

/** Packages that only run on the server or bring server code along; `@app/…` are the server's own libraries. */
const SERVER_PACKAGES = /^(class-validator|class-transformer|reflect-metadata|nats|typeorm|pg|minio|sharp|pino|rxjs|@nestjs\/|@app\/)/;
const NODE_BUILT_INS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface Graph {
  /** every file reached, absolute */
  files: string[];
  /** imports that are not files of the repository: packages, built-ins, unknown aliases */
  packages: Array<{ specifier: string; from: string }>;
}

const SOURCE = /\.(ts|tsx)$/;

/** The source without its type-only imports and exports, which the compiler erases. */
function valueImportsOnly(source: string): string {
  return source.replace(/^\s*(import|export)\s+type\s+(\*|\{[^}]*\}|[\w$]+)(\s+as\s+[\w$]+)?\s+from\s+['"][^'"]+['"];?/gm, '');
}

/** The file an import names: as written (a `.json` or `.css` file), a module, or a folder's index. */
function resolveFile(base: string): string | undefined {
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => existsSync(c) && statSync(c).isFile());
}

/** Follows every import from `entry`; `aliases` maps a bare name to a file, as a bundler's alias does. */
function importGraph(entry: string, aliases: Record<string, string> = {}): Graph {
  const files = new Set<string>();
  const packages: Graph['packages'] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!SOURCE.test(file)) return;
    for (const { fileName: specifier } of preProcessFile(valueImportsOnly(readFileSync(file, 'utf8')), true, true).importedFiles) {
      const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : aliases[specifier];
      const resolved = target === undefined ? undefined : resolveFile(target);
      if (resolved) visit(resolved);
      else if (target !== undefined) throw new Error(`${relative(ROOT, file)} imports ${specifier}, which is not there`);
      else packages.push({ specifier, from: relative(ROOT, file) });
    }
  };
  visit(entry);
  return { files: [...files], packages };
}

const insideOf = (folder: string) => (file: string) => file.startsWith(folder + sep);

describe('the wire contract', () => {
  it('imports nothing but its own modules: no package, no Node built-in, no other part of libs/contracts', () => {
    const graph = importGraph(WIRE_ENTRY);
    expect(graph.packages).toEqual([]);
    expect(graph.files.filter((f) => !insideOf(WIRE)(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('follows no type-only import or export, which the compiler erases', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wire-graph-'));
    try {
      writeFileSync(join(dir, 'index.ts'), "export type { Rule } from './rules';\nimport type { Rule as R } from './rules';\nexport type View = { rule: R };\n");
      writeFileSync(join(dir, 'rules.ts'), "import { IsString } from 'class-validator';\nexport class Rule { @IsString() name!: string; }\n");
      expect(importGraph(join(dir, 'index.ts')).packages).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is told apart from a module that pulls a decorator library in, however deep', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wire-graph-'));
    try {
      writeFileSync(join(dir, 'index.ts'), "export * from './views';\n");
      writeFileSync(join(dir, 'views.ts'), "import { Rule } from './rules';\nexport const rule = new Rule();\n");
      writeFileSync(join(dir, 'rules.ts'), "import { IsString } from 'class-validator';\nexport class Rule { @IsString() name!: string; }\n");
      expect(importGraph(join(dir, 'index.ts')).packages).toEqual([{ specifier: 'class-validator', from: relative(ROOT, join(dir, 'rules.ts')) }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the web app bundle', () => {
  const graph = importGraph(WEB_ENTRY, { [WIRE_ALIAS]: WIRE_ENTRY, [HTTP_ALIAS]: HTTP_ENTRY });
  const CONTRACTS = resolve(WIRE, '..');

  it('takes the contracts through the wire and HTTP entries only', () => {
    const fromLibs = graph.files.filter(insideOf(LIBS));
    expect(fromLibs).toContain(WIRE_ENTRY);
    expect(fromLibs.filter((f) => !insideOf(CONTRACTS)(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('pulls in no server package but the decorator packages the build stubs out, and no Node built-in', () => {
    const serverSide = graph.packages.filter(({ specifier }) => SERVER_PACKAGES.test(specifier) || NODE_BUILT_INS.has(specifier));
    const stubbed = ({ specifier, from }: { specifier: string; from: string }) => SHIMMED.has(specifier) && insideOf(CONTRACTS)(join(ROOT, from));
    expect(serverSide.filter((p) => !stubbed(p))).toEqual([]);
  });
});
