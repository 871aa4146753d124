'use strict';
/**
 * Copies the named packages and everything they need at run time (dependencies and the
 * optional dependencies that are installed, transitively, resolved as Node resolves them) from
 * a node_modules folder into another, so that an image holds those packages only. The
 * segmenter's image uses it (deploy/Dockerfile, target `segmenter`): onnxruntime-node and
 * sharp, not the product's whole node_modules. Native binaries of other platforms are left
 * out (onnxruntime-node ships every platform's). Prints what it copied.
 *
 *   node deploy/copy-runtime-deps.cjs <from node_modules> <to node_modules> <package>...
 */
const { cpSync, existsSync, readFileSync, realpathSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

/** The package directory Node would load `name` from when required inside `fromDir`. */
function resolvePackage(name, fromDir, root) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = dir.endsWith(`${sep}node_modules`) ? join(dir, name) : join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/** Every package directory `names` need, themselves included, under `root` (a node_modules folder). */
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
    if (!existsSync(join(dir, 'package.json'))) throw new Error(`${name} is not installed in ${root}`);
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

module.exports = { runtimeClosure, copyClosure };

if (require.main === module) {
  const [from, to, ...names] = process.argv.slice(2);
  if (!from || !to || names.length === 0) {
    process.stderr.write('usage: node deploy/copy-runtime-deps.cjs <from node_modules> <to node_modules> <package>...\n');
    process.exit(2);
  }
  const copied = copyClosure(from, to, names);
  process.stdout.write(`copied ${copied.length} packages: ${copied.join(', ')}\n`);
}
