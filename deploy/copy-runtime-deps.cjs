'use strict';
/**
 * Copies one built entry point with what it loads at run time, and nothing else, into a folder
 * of its own, so that an image holds that process only. The segmenter's image uses it
 * (deploy/Dockerfile, target `segmenter`):
 *
 *   node deploy/copy-runtime-deps.cjs dist/services/segmenter/src/main.js /segmenter
 *
 * writes /segmenter/dist/… (the entry and every file of dist/ it requires, transitively, with
 * their source maps) and /segmenter/node_modules/… (every package those files require, with
 * their dependencies and the optional dependencies installed for this platform, resolved as
 * Node resolves them; native binaries of other platforms left out: onnxruntime-node ships
 * every platform's). It follows the imports of the compiled files, the `require("…")` calls
 * swc writes for them; a require written by hand inside a function (`require('…')`, as the
 * product's tracing loads its packages only when tracing is on, which the segmenter never
 * starts) or under a computed name is not followed. Fails when a required file or package is
 * not there. Prints what it copied.
 */
const { builtinModules } = require('node:module');
const { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

const BUILTIN = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for Node's own modules. */
function packageOf(specifier) {
  if (specifier.startsWith('node:') || BUILTIN.has(specifier) || BUILTIN.has(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The files an entry point requires (relative paths, transitively) and the packages they require. */
function traceEntry(entry) {
  const files = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\brequire\("([^"]+)"\)/g)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const base = resolve(dirname(file), spec);
        const found = [base, `${base}.js`, `${base}.cjs`, `${base}.json`, join(base, 'index.js')].find((c) => existsSync(c) && statSync(c).isFile());
        if (!found) throw new Error(`${file} requires ${spec}, which is not there`);
        if (found.endsWith('.json')) files.add(found);
        else visit(found);
      } else {
        const pkg = packageOf(spec);
        if (pkg) packages.add(pkg);
      }
    }
  };
  visit(resolve(entry));
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/** The package directory Node would load `name` from when required inside `fromDir`. */
function resolvePackage(name, fromDir, root) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = dir.endsWith(`${sep}node_modules`) ? join(dir, name) : join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/** Every package directory `names` need, themselves included, under `modules` (a node_modules folder). */
function runtimeClosure(modules, names) {
  const root = realpathSync(resolve(modules));
  const seen = new Set();
  const missing = [];
  const visit = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      const found = resolvePackage(dep, dir, root);
      if (found) visit(found);
      else missing.push(`${dep} (of ${pkg.name})`);
    }
    // optional ones are installed for this platform only (sharp's binaries): take what is there
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
      if (pkg.dependencies?.[dep]) continue;
      const found = resolvePackage(dep, dir, root);
      if (found) visit(found);
    }
  };
  for (const name of names) {
    const dir = join(root, name);
    if (!existsSync(join(dir, 'package.json'))) throw new Error(`${name} is not installed in ${modules}`);
    visit(dir);
  }
  if (missing.length > 0) throw new Error(`not installed: ${missing.join(', ')}`);
  return [...seen].sort();
}

/** Files of a package that are another platform's binaries. */
function otherPlatform(relPath) {
  const m = /(?:^|\/)bin\/napi-v\d+\/([^/]+)(?:\/([^/]+))?/.exec(relPath.split(sep).join('/'));
  if (!m) return false;
  if (m[1] !== process.platform) return true;
  return m[2] !== undefined && m[2] !== process.arch;
}

/** Copies the packages `names` need from `modules` into `to` (a node_modules folder); answers their paths under it. */
function copyClosure(modules, to, names) {
  const from = realpathSync(resolve(modules));
  const dirs = runtimeClosure(from, names);
  for (const dir of dirs) {
    cpSync(dir, join(to, relative(from, dir)), {
      recursive: true,
      dereference: true,
      filter: (src) => !otherPlatform(relative(dir, src)) && !relative(dir, src).split(sep).includes('node_modules'),
    });
  }
  return dirs.map((d) => relative(from, d));
}

/** Copies `entry` (a file under `root`/dist) with the files and packages it needs into `out`/dist and `out`/node_modules. */
function copyEntry(entry, out, root = process.cwd()) {
  const { files, packages } = traceEntry(join(root, entry));
  for (const file of files) {
    const target = join(out, relative(root, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
    if (existsSync(`${file}.map`)) cpSync(`${file}.map`, `${target}.map`);
  }
  const copied = copyClosure(join(root, 'node_modules'), join(out, 'node_modules'), packages);
  return { files: files.map((f) => relative(root, f)), packages, copied };
}

module.exports = { traceEntry, runtimeClosure, copyClosure, copyEntry };

if (require.main === module) {
  const [entry, out] = process.argv.slice(2);
  if (!entry || !out) {
    process.stderr.write('usage: node deploy/copy-runtime-deps.cjs <built entry, e.g. dist/services/segmenter/src/main.js> <out folder>\n');
    process.exit(2);
  }
  const { files, packages, copied } = copyEntry(entry, out);
  process.stdout.write(`copied ${files.length} files of dist/, requiring ${packages.join(', ')}; ${copied.length} packages in all\n`);
}
