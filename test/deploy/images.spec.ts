/**
 * The images of deploy/Dockerfile and the containers of docker-compose.yml, checked without
 * Docker: the product's image (the default target) never holds the segmentation model (AGPL-3.0)
 * nor fetches it; the segmenter's image holds the model with its licence, its own code and only
 * the packages it needs; compose runs the segmenter from that image and points the pipeline at
 * it. The manifests of deploy/k8s are checked in manifests.spec.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { traceEntry, runtimeClosure, copyEntry } = require('../../deploy/copy-runtime-deps.cjs') as {
  traceEntry(entry: string): { files: string[]; packages: string[] };
  runtimeClosure(modules: string, names: string[]): string[];
  copyEntry(entry: string, out: string, root?: string): { files: string[]; packages: string[]; copied: string[] };
};

interface Stage {
  name: string;
  from: string;
  /** instructions after FROM, continuation lines joined */
  lines: string[];
}

/** The stages of a Dockerfile, in order (comments dropped, `\` continuations joined). */
function stages(text: string): Stage[] {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of logical) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) out.push({ name: from[2] ?? String(out.length), from: from[1], lines: [] });
    else out[out.length - 1].lines.push(line);
  }
  return out;
}

/** The stages a stage is built from (its FROM and every COPY --from), transitively. */
function needs(all: Stage[], name: string, seen = new Set<string>()): Set<string> {
  const stage = all.find((s) => s.name === name);
  if (!stage || seen.has(name)) return seen;
  seen.add(name);
  const refs = [stage.from, ...stage.lines.flatMap((l) => /^COPY\s+--from=(\S+)/i.exec(l)?.[1] ?? [])];
  for (const r of refs) needs(all, r, seen);
  return seen;
}

const env = (stage: Stage): Record<string, string> =>
  Object.fromEntries(
    stage.lines
      .filter((l) => /^ENV\s/i.test(l))
      .flatMap((l) => [...l.replace(/^ENV\s+/i, '').matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );

const dockerfile = stages(readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8'));
const stage = (name: string) => dockerfile.find((s) => s.name === name)!;
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, any> };
const k8sSegmenter = (parse(readFileSync(join(ROOT, 'deploy/k8s/base/segmenter.yaml'), 'utf8').split(/^---$/m).find((d) => /kind: Deployment/.test(d))!) as any).spec.template.spec
  .containers[0];
const k8sEnv = Object.fromEntries(k8sSegmenter.env.map((e: any) => [e.name, e.value]));

describe('deploy/Dockerfile', () => {
  it("builds the product by default, from stages that never fetch the model", () => {
    const last = dockerfile[dockerfile.length - 1];
    expect(last.name).toBe('runtime');
    expect(last.lines).toContainEqual(expect.stringMatching(/^CMD \["node", "dist\/gateway\/src\/main.js"\]$/));
    const built = needs(dockerfile, 'runtime');
    expect(built.has('build')).toBe(true);
    for (const name of built) expect(stage(name)?.lines.join('\n') ?? '').not.toMatch(/fetch-segmentation-model|\.onnx/);
    // a model fetched beside the sources stays out of the build context (swc --copy-files would carry it into dist/)
    expect(readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')).toContain('services/segmenter/model');
  });

  it('builds the segmenter with the model fetched and checked at build, its licence beside it, where SEGMENTER_MODEL points', () => {
    const built = needs(dockerfile, 'segmenter');
    const fetching = [...built].filter((n) => stage(n).lines.some((l) => /^RUN node scripts\/fetch-segmentation-model\.mjs/.test(l)));
    expect(fetching).toEqual(['segmenter-model']);
    const s = stage('segmenter');
    const model = env(s).SEGMENTER_MODEL;
    expect(model).toBe(k8sEnv.SEGMENTER_MODEL);
    const copyModel = s.lines.find((l) => /^COPY --from=segmenter-model /.test(l))!;
    const [, ...args] = copyModel.replace(/^COPY --from=\S+\s+/, 'x ').split(/\s+/);
    const dest = posix.join('/app', args[args.length - 1]);
    expect(args.slice(0, -1).map((a) => posix.basename(a)).sort()).toEqual(['LICENSE.md', 'SOURCE.md', posix.basename(model)].sort());
    expect(posix.join(dest, posix.basename(model))).toBe(model);
    expect(env(s).SEGMENTER_PORT).toBe(k8sEnv.SEGMENTER_PORT);
    expect(s.lines).toContain(`EXPOSE ${k8sEnv.SEGMENTER_PORT}`);
    expect(s.lines).toContain('USER node');
    expect(s.lines).toContainEqual(`CMD ${JSON.stringify(k8sSegmenter.command).replace(/","/g, '", "')}`);
  });

  it('puts only the segmenter into its image: the files and packages its entry point loads, no web app, no other service', () => {
    const copies = stage('segmenter').lines.filter((l) => /^COPY\s/i.test(l));
    const sources = copies.map((l) => l.replace(/^COPY\s+(--from=\S+\s+)?/i, '').split(/\s+/).slice(0, -1)).flat();
    expect(sources.filter((x) => x.startsWith('/app/') && x !== '/app/package.json')).toEqual([]);
    expect(sources.filter((x) => x.includes('web'))).toEqual([]);
    // node deploy/copy-runtime-deps.cjs <the segmenter's entry> <out>, then it loads from <out> alone
    const copyDeps = stage('build').lines.find((l) => l.includes('copy-runtime-deps.cjs'))!;
    const [, , , entry, out] = copyDeps.split(/\s+/);
    expect(entry).toBe(k8sSegmenter.command[1]);
    expect(sources.sort()).toEqual([`${out}/dist`, `${out}/node_modules`, '/app/package.json', ...sources.filter((x) => x.startsWith('/model/'))].sort());
    expect(copyDeps).toContain(`cd ${out} && node -e "require('./dist/services/segmenter/src/segmenter.js')"`);
  });
});

describe('deploy/copy-runtime-deps.cjs', () => {
  const write = (root: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };

  it("follows a built entry point's imports through dist/ to the packages they name, not a require loaded on demand", () => {
    const root = mkdtempSync(join(tmpdir(), 'copy-deps-'));
    try {
      write(root, {
        'dist/services/s/src/main.js': 'require("reflect-metadata");\nconst _a = require("./a");\nconst _lib = require("../../../libs/l/src");\nrequire("node:http");',
        'dist/services/s/src/a.js': 'const _sharp = _interop_require_default(require("sharp"));\nconst x = require("@scope/pkg/sub");',
        'dist/libs/l/src/index.js': '_export_star(require("./b"), exports);',
        'dist/libs/l/src/b.js': "function later() { return require('pg'); }\nrequire(\"fs\");",
        'dist/services/other/src/main.js': 'require("typeorm");',
      });
      const { files, packages } = traceEntry(join(root, 'dist/services/s/src/main.js'));
      expect(files.map((f) => f.slice(root.length + 1))).toEqual(['dist/libs/l/src/b.js', 'dist/libs/l/src/index.js', 'dist/services/s/src/a.js', 'dist/services/s/src/main.js']);
      expect(packages).toEqual(['@scope/pkg', 'reflect-metadata', 'sharp']);
      write(root, { 'dist/services/s/src/a.js': 'require("./gone");' });
      expect(() => traceEntry(join(root, 'dist/services/s/src/main.js'))).toThrow('requires ./gone, which is not there');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('copies packages with what they load at run time, this platform only, and they load from the copy alone', () => {
    const closure = runtimeClosure(join(ROOT, 'node_modules'), ['onnxruntime-node', 'sharp']);
    expect(closure).toEqual(expect.arrayContaining(['onnxruntime-common', `@img/sharp-${process.platform}-${process.arch}`].map((p) => expect.stringMatching(new RegExp(`/node_modules/${p}$`)))));
    // none of the product's framework
    expect(closure.filter((d) => /@nestjs|typeorm|nats|pg$/.test(d))).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), 'copy-deps-'));
    try {
      symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
      write(root, { 'dist/entry.js': 'require("onnxruntime-node");\nrequire("sharp");' });
      copyEntry('dist/entry.js', join(root, 'out'), root);
      const platforms = readdirSync(join(root, 'out/node_modules/onnxruntime-node/bin/napi-v6'));
      expect(platforms).toEqual([process.platform]);
      const run = spawnSync(process.execPath, ['-e', "require('./dist/entry.js'); require('onnxruntime-node').InferenceSession; console.log('loaded')"], { cwd: join(root, 'out'), encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('loaded');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;

  it('runs the segmenter from its own image, unpublished, ready once its model answers, with one core and memory for side 768, no credentials', () => {
    const s = services.segmenter;
    expect(s.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile', target: 'segmenter' });
    expect(s.command).toEqual(k8sSegmenter.command);
    expect(s.ports).toBeUndefined();
    expect(String(s.environment.SEGMENTER_PORT)).toBe(k8sEnv.SEGMENTER_PORT);
    expect(s.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${k8sEnv.SEGMENTER_PORT}/health/ready`);
    expect(s.cpus).toBe('${SEGMENTER_CPUS:-1}');
    expect(s.mem_limit).toBe('${SEGMENTER_MEMORY:-2g}');
    expect(Object.keys(s.environment).filter((k) => /DATABASE|NATS|S3_|SECRET|PASSWORD|KEY|SMTP/.test(k))).toEqual([]);
    // no other container runs that image
    const others = Object.entries(services).filter(([name, x]) => name !== 'segmenter' && (x.build?.target === 'segmenter' || String(x.image).includes('segmenter')));
    expect(others).toEqual([]);
  });

  it('points the pipeline, and only the pipeline, at the segmenter, and starts it once the segmenter is ready', () => {
    const p = services.pipeline;
    expect(p.environment).toMatchObject({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENT_SIZE: 1024 });
    const url = new URL(p.environment.PIPELINE_SEGMENTER_URL);
    expect([url.hostname, url.port, url.pathname]).toEqual(['segmenter', String(services.segmenter.environment.SEGMENTER_PORT), '/segment']);
    expect(p.depends_on.segmenter).toEqual({ condition: 'service_healthy' });
    // what the pipeline depended on before stays
    expect(Object.keys(p.depends_on).sort()).toEqual(['minio-setup', 'nats', 'postgres', 'segmenter']);
    const users = Object.entries(services).filter(([, x]) => x.environment && typeof x.environment === 'object' && 'PIPELINE_SEGMENTER_URL' in x.environment);
    expect(users.map(([name]) => name)).toEqual(['pipeline']);
  });
});
