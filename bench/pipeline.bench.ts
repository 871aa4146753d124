import 'reflect-metadata';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { ROUTES, type PipelineImageProcessed, type PipelineJob, type Route } from '@app/contracts';
import { waitFor } from '@app/testing';
import sharp from 'sharp';
import { frameAroundCar, rectInFrame, scaleRect } from '../services/pipeline/src/imaging/frame-geometry';
import { ImageRenderer } from '../services/pipeline/src/imaging/image-renderer';
import type { PipelineFiles } from '../services/pipeline/src/imaging/pipeline-files';
import { MediaLibrary } from '../services/pipeline/src/imaging/media-library';
import { maskBounds } from '../services/pipeline/src/imaging/pixel-ops';
import { JobContext } from '../services/pipeline/src/jobs/job-context';
import { buildRouteHandlers } from '../services/pipeline/src/jobs/route-registry';
import { PipelineConfig, segmentSize } from '../services/pipeline/src/pipeline.config';
import { decodeOptionsFor, resolveJobOptions } from '../services/pipeline/src/routes/job-options';
import { NumberPlates } from '../services/pipeline/src/plates/number-plates';
import { RouteRunner } from '../services/pipeline/src/routes/route-runner';
import { RouteSteps } from '../services/pipeline/src/routes/route-steps';
import { ROUTE_TABLE } from '../services/pipeline/src/routes/route-table';
import { ClassicalSegmenter } from '../services/pipeline/src/segmentation/classical.segmenter';
import { HttpSegmenter } from '../services/pipeline/src/segmentation/http.segmenter';
import type { Segmenter } from '../services/pipeline/src/segmentation/segmenter';
import { coverFrame } from '../services/pipeline/src/imaging/frame-geometry';
import type { Raster } from '../services/pipeline/src/imaging/raster';
import { startNetworkSegmenter } from '../services/pipeline/test/helpers/network-segmenter';
import { createPipelineTestbed, makeJob, type PipelineTestbed } from '../services/pipeline/test/helpers/pipeline-testbed';
import { deltaE2000Rgb } from '../services/pipeline/src/imaging/colour-difference';
import { classicalMask } from '../services/pipeline/src/segmentation/classical.segmenter';
import {
  BODY_SAMPLE,
  CAR_BOX,
  colourScene,
  hardSegmentationScenes,
  iou,
  knownMask,
  PAINTS,
  renderScene,
  sceneJpeg,
  segmentationMeasures,
  segmentationScenes,
  windowMask,
  windowScenes,
  kept,
  type QualityScene,
  type SegmentationMeasures,
} from '../services/pipeline/test/helpers/quality-scenes';
import { carScene } from '../services/pipeline/test/helpers/test-images';
import { addScores, scorePlates, type PlateScore } from '../services/pipeline/test/helpers/plate-measures';
import { plateScenes, type PlateScene } from '../services/pipeline/test/helpers/plate-scenes';
import { repoRoot } from './bench-utils';

/**
 * The image pipeline on 12-megapixel photos: every route through real worker processes (the
 * built service, one job at a time each) with one and then two workers, the steps of `full`
 * in this process against ImageMagick `convert` doing the same steps in the same run, and
 * the peak memory of each worker, and the quality measures: the car's colour through the
 * enhancer and full routes (mean CIEDE2000 on its body) and the classical segmenter's
 * intersection over union with drawn scenes' known masks, with its CPU time per picture.
 * Targets (docs/pipeline.md): full under 700 ms/img on one core, bypass under 250 ms, at
 * least 1.5x faster than ImageMagick, two workers at least 1.6x one worker's throughput,
 * under 400 MB per worker, mean ΔE2000 under 5 on well-exposed photos, IoU at least 0.95.
 */
const W = 4032;
const H = 3024;
const OUT_W = 1920;
const OUT_H = 1440;
const MAX_IMAGE_SIZE = 1_500_000;
const SOURCES = Number(process.env.BENCH_SOURCES ?? 6);
const JOBS = Number(process.env.BENCH_JOBS ?? 12);
const ORIENTATIONS = [6, 3, 8] as const;
const CAR_COLOURS = ['#b3202a', '#1d4e89', '#2f6b3a', '#d8d8d0', '#202020', '#c77d12'];

const fmt = (n: number, d = 0) => n.toFixed(d);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

/** A dealership photo, as a phone takes it: textured sky, hills and asphalt, a car with glass, rims, lights and its shadow. */
function photoSvg(variant: number): string {
  const car = CAR_COLOURS[variant % CAR_COLOURS.length];
  const dx = ((variant * 37) % 9) * 0.01 - 0.04;
  const clouds = Array.from({ length: 9 }, (_, i) => {
    const x = ((i * 0.137 + variant * 0.05) % 1) * W;
    const y = (0.05 + ((i * 0.071) % 0.3)) * H;
    return `<ellipse cx="${x}" cy="${y}" rx="${W * 0.09}" ry="${H * 0.025}" fill="#ffffff" fill-opacity="0.55" filter="url(#soft)"/>`;
  }).join('');
  const stripes = Array.from({ length: 60 }, (_, i) => `<rect y="${H * (0.56 + (i * 0.44) / 60)}" width="${W}" height="${H * 0.0025}" fill="#5a5a56" fill-opacity="0.6"/>`).join('');
  const x = (f: number) => W * (f + dx);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb0dc"/><stop offset="1" stop-color="#dfe8ef"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.35" stop-color="${car}" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="40"/></filter>
  </defs>
  <rect width="${W}" height="${H * 0.56}" fill="url(#sky)"/>${clouds}
  <path d="M0 ${H * 0.5} Q ${W * 0.25} ${H * 0.44} ${W * 0.5} ${H * 0.49} T ${W} ${H * 0.47} L ${W} ${H * 0.56} L 0 ${H * 0.56} Z" fill="#8fa39a"/>
  <rect y="${H * 0.56}" width="${W}" height="${H * 0.44}" fill="#6e6e69"/>${stripes}
  <ellipse cx="${x(0.5)}" cy="${H * 0.745}" rx="${W * 0.34}" ry="${H * 0.025}" fill="#2a2a28" fill-opacity="0.7" filter="url(#soft)"/>
  <rect x="${x(0.18)}" y="${H * 0.42}" width="${W * 0.64}" height="${H * 0.22}" rx="${H * 0.04}" fill="${car}"/>
  <rect x="${x(0.18)}" y="${H * 0.42}" width="${W * 0.64}" height="${H * 0.22}" rx="${H * 0.04}" fill="url(#body)"/>
  <path d="M ${x(0.3)} ${H * 0.43} L ${x(0.38)} ${H * 0.3} L ${x(0.62)} ${H * 0.3} L ${x(0.72)} ${H * 0.43} Z" fill="${car}"/>
  <path d="M ${x(0.33)} ${H * 0.42} L ${x(0.395)} ${H * 0.32} L ${x(0.49)} ${H * 0.32} L ${x(0.49)} ${H * 0.42} Z" fill="#2b3440"/>
  <path d="M ${x(0.51)} ${H * 0.42} L ${x(0.51)} ${H * 0.32} L ${x(0.605)} ${H * 0.32} L ${x(0.69)} ${H * 0.42} Z" fill="#2b3440"/>
  <rect x="${x(0.79)}" y="${H * 0.47}" width="${W * 0.025}" height="${H * 0.03}" rx="${H * 0.01}" fill="#fff5c0"/>
  <circle cx="${x(0.3)}" cy="${H * 0.66}" r="${H * 0.08}" fill="#1a1a1a"/><circle cx="${x(0.3)}" cy="${H * 0.66}" r="${H * 0.045}" fill="#9a9ea3"/>
  <circle cx="${x(0.7)}" cy="${H * 0.66}" r="${H * 0.08}" fill="#1a1a1a"/><circle cx="${x(0.7)}" cy="${H * 0.66}" r="${H * 0.045}" fill="#9a9ea3"/>
</svg>`;
}

function studioSvg(w: number, h: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#fafafa"/><stop offset="1" stop-color="#c9ced6"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/></svg>`;
}

interface Media {
  background: Buffer;
  floor: Buffer;
  logo: Buffer;
  featured: Buffer;
}

async function makeMedia(): Promise<Media> {
  const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
  return {
    background: await png(studioSvg(1920, 1080)),
    floor: await png(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="420"><defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7bcc4"/><stop offset="1" stop-color="#7d848f"/></linearGradient></defs><rect width="1920" height="420" fill="url(#f)"/></svg>`,
    ),
    logo: await png(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect x="4" y="4" width="472" height="152" rx="28" fill="#1f3a5f"/><rect x="330" y="52" width="110" height="16" rx="8" fill="#ffffff"/></svg>`,
    ),
    featured: await sharp(Buffer.from(studioSvg(1920, 1440).replace('#fafafa', '#ffe9b0'))).jpeg({ quality: 90 }).toBuffer(),
  };
}

// ---------------------------------------------------------------------------------------
// ImageMagick

function isImageMagick(bin: string): boolean {
  const r = spawnSync(bin, ['-version'], { encoding: 'utf8' });
  return r.status === 0 && /ImageMagick/.test(r.stdout);
}

/** Debian's ImageMagick (installed when `convert` is missing or is not ImageMagick). */
function imageMagick(): string {
  const real = '/usr/bin/convert';
  if (isImageMagick(real)) return real;
  console.log('ImageMagick is not installed (or `convert` is not ImageMagick): apt-get install -y imagemagick');
  let r = spawnSync('apt-get', ['install', '-y', 'imagemagick'], { stdio: 'inherit' });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    r = spawnSync('apt-get', ['install', '-y', 'imagemagick'], { stdio: 'inherit' });
  }
  if (!isImageMagick(real)) throw new Error('could not install ImageMagick (apt-get install -y imagemagick)');
  return real;
}

interface FullPlan {
  /** the output frame on the upright picture */
  frame: { left: number; top: number; width: number; height: number };
  /** the car in output pixels */
  car: { left: number; top: number; width: number; height: number };
  mask: Buffer;
  maskScale: number;
}

/**
 * `full`'s steps as one convert command, with the geometry our segmenter found (the
 * segmentation itself is not asked of ImageMagick, and not counted in its time): decode
 * (DCT-scaled by jpeg:size where the frame allows), orient, cut the frame and scale it, cut
 * the car out by the mask, enhance it (levels, contrast, saturation, unsharp), background
 * with the floor below the horizon line, a blurred contact shadow, the car over it, the
 * logo, JPEG at quality 90 (standard Huffman tables, as ours) and a 400-pixel thumbnail.
 */
function convertArgs(dir: string, i: number, plan: FullPlan, stored: { width: number; height: number }): string[] {
  const s = OUT_W / plan.frame.width;
  const f = plan.frame;
  const hint = `${Math.ceil(stored.width * s)}x${Math.ceil(stored.height * s)}`;
  const offset = (x: number, y: number) => `${x >= 0 ? '+' : '-'}${Math.abs(Math.round(x))}${y >= 0 ? '+' : '-'}${Math.abs(Math.round(y))}`;
  const geom = (w: number, h: number, x: number, y: number) => `${Math.round(w)}x${Math.round(h)}${offset(x, y)}`;
  const horizonY = Math.round(OUT_H * 0.5);
  const ry = Math.max(3, plan.car.height * 0.06);
  const sx = plan.car.left + plan.car.width / 2;
  const sy = plan.car.top + plan.car.height - ry * 0.4;
  const rx = plan.car.width * 0.52;
  const shadowW = Math.round(rx * 3.2);
  const shadowH = Math.round(ry * 5);
  // the mask is cut at its own size (rounded to its pixels) and scaled once to the output
  const ms = plan.maskScale;
  return [
    '-define', `jpeg:size=${hint}`,
    join(dir, `src-${i}.jpg`),
    '-auto-orient',
    // cut the frame first (padding where it leaves the picture), then scale only that
    '-background', 'white', '-extent', geom(f.width, f.height, f.left, f.top),
    '-resize', `${OUT_W}x${OUT_H}!`,
    '(', join(dir, `mask-${i}.png`),
    '-background', 'black', '-extent', geom(f.width / ms, f.height / ms, f.left / ms, f.top / ms),
    '-resize', `${OUT_W}x${OUT_H}!`, '-blur', '0x1', '-level', '35%,92%', ')',
    '-alpha', 'off', '-compose', 'CopyOpacity', '-composite', '-compose', 'over',
    // levels, S-curve, saturation by the same 3x3 colour matrix as ours, a light unsharp mask
    '-contrast-stretch', '0.5%x0.5%', '-sigmoidal-contrast', '3x50%',
    '-color-matrix', saturationMatrix(1.08), '-unsharp', '0x0.6',
    // media prepared once at the output size in ImageMagick's own memory-mapped format (the
    // worker keeps its fitted media in memory between jobs: the same advantage)
    '(', join(dir, 'background.mpc'),
    join(dir, 'floor.mpc'), '-gravity', 'northwest', '-geometry', `+0+${horizonY}`, '-compose', 'over', '-composite',
    // the contact shadow drawn at an eighth of its size, blurred there and scaled up (cheap softness)
    '(', '-size', `${Math.ceil(shadowW / 8)}x${Math.ceil(shadowH / 8)}`, 'xc:none', '-fill', 'rgba(0,0,0,0.55)',
    '-draw', `ellipse ${fmt(shadowW / 16, 1)},${fmt(shadowH / 16, 1)} ${fmt(rx / 8, 1)},${fmt(ry / 8, 1)} 0,360`,
    '-blur', `0x${fmt((ry * 0.6) / 8, 2)}`, '-resize', `${shadowW}x${shadowH}!`, ')',
    '-geometry', offset(sx - shadowW / 2, sy - shadowH / 2), '-compose', 'over', '-composite', ')',
    '+swap', '-gravity', 'northwest', '-geometry', '+0+0', '-compose', 'over', '-composite',
    join(dir, 'logo.mpc'),
    '-gravity', 'northeast', '-geometry', `+${Math.round(Math.min(OUT_W, OUT_H) * 0.03)}+${Math.round(Math.min(OUT_W, OUT_H) * 0.03)}`, '-compose', 'over', '-composite',
    '-gravity', 'northwest',
    // standard Huffman tables, as the worker's first try (optimised tables cost a second pass)
    '-define', 'jpeg:optimize-coding=false',
    '(', '+clone', '-thumbnail', '400x', '-quality', '80', '-write', join(dir, `im-thumb-${i}.jpg`), '+delete', ')',
    '-quality', '90', '-sampling-factor', '4:2:0', join(dir, `im-out-${i}.jpg`),
  ];
}

/** RGB matrix that moves each pixel away from its grey (Rec. 601 luma) by `k`. */
function saturationMatrix(k: number): string {
  const l = [0.299, 0.587, 0.114];
  const rows = [0, 1, 2].map((r) => [0, 1, 2].map((c) => fmt((1 - k) * l[c] + (r === c ? k : 0), 4)).join(' '));
  return rows.join(' ');
}

// ---------------------------------------------------------------------------------------
// our steps in this process

/** The worker's own defaults for steps run in this process (no database, no storage), with this segmenter. */
function offlineConfig(segmenter: Segmenter): PipelineConfig {
  return loadConfig(PipelineConfig, {
    DATABASE_URL: 'postgres://x@h/db',
    S3_ENDPOINT: 'http://127.0.0.1:1',
    S3_ACCESS_KEY: 'k',
    S3_SECRET_KEY: 's',
    PIPELINE_SEGMENTER: segmenter.kind,
    ...(segmenter.kind === 'http' ? { PIPELINE_SEGMENTER_URL: 'http://127.0.0.1:1/segment' } : {}),
  });
}

function offlineRoutes(media: Media, segmenter: Segmenter = new ClassicalSegmenter()) {
  const config = offlineConfig(segmenter);
  // the worker's own defaults, libvips threads included, so that the steps run as in a worker
  const imaging = new ImageRenderer({ maxInputPixels: config.PIPELINE_MAX_INPUT_PIXELS, vipsThreads: config.PIPELINE_VIPS_THREADS });
  const bytes = new Map<string, Buffer>();
  const files = { readMedium: async (key: string) => bytes.get(key) ?? null } as unknown as PipelineFiles;
  const library = new MediaLibrary(files, imaging, 64 * 1024 * 1024);
  const steps = new RouteSteps(imaging, library, segmenter, config);
  const handlers = buildRouteHandlers(ROUTE_TABLE, new RouteRunner(steps, new NumberPlates(imaging, library, config)));
  const keys = {
    background: `media/background/${randomUUID()}.png`,
    floor: `media/floor/${randomUUID()}.png`,
    logo: `media/logo/${randomUUID()}.png`,
    featuredImage: `media/featured/${randomUUID()}.jpg`,
  };
  bytes.set(keys.background, media.background);
  bytes.set(keys.floor, media.floor);
  bytes.set(keys.logo, media.logo);
  bytes.set(keys.featuredImage, media.featured);
  /** one image through a route's steps, as the worker runs them (no storage, no database) */
  const run = async (route: Route, original: Buffer): Promise<{ ms: number; cpuMs: number; quality: number; out: Buffer; thumb: Buffer }> => {
    const job = jobFor(route, keys);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const ctx = new JobContext(job, resolveJobOptions(job), () => undefined);
    ctx.source = await imaging.decodeSource(original, decodeOptionsFor(ctx.options, ctx.outW, ctx.outH));
    const handler = handlers.get(route);
    if (!handler) throw new Error(`no handler for route ${route}`);
    const outcome = await handler.run(ctx);
    if (outcome.status !== 'rendered') throw new Error(outcome.reason);
    const jpeg = await imaging.encodeJpeg(outcome.image, MAX_IMAGE_SIZE, config.PIPELINE_JPEG_QUALITY);
    const thumb = await imaging.thumbnail(outcome.image, config.PIPELINE_THUMB_WIDTH);
    const c = process.cpuUsage(c0);
    return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, quality: jpeg.quality, out: jpeg.data, thumb: thumb.data };
  };
  /** the geometry `full` uses for an image, for ImageMagick */
  const plan = async (original: Buffer): Promise<FullPlan> => {
    const src = await imaging.decodeSource(original);
    const small = await imaging.downscale(src, segmentSize(config));
    const mask = await new ClassicalSegmenter().segment(small);
    const box = maskBounds(mask)!;
    const scale = src.width / small.width;
    const car = scaleRect(box, scale, scale);
    const frame = frameAroundCar(car, OUT_W, OUT_H, { top: 10, right: 5, bottom: 4, left: 5 });
    return {
      frame,
      car: rectInFrame(car, frame, OUT_W, OUT_H),
      mask: await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } }).png().toBuffer(),
      maskScale: scale,
    };
  };
  return { run, plan, keys };
}

function jobFor(route: Route, media: { background: string; floor: string; logo: string; featuredImage: string }): PipelineJob {
  return makeJob({
    route,
    settings: { outputWidth: OUT_W, outputHeight: OUT_H, maxImageSize: MAX_IMAGE_SIZE, withLogo: true, media },
  });
}

// ---------------------------------------------------------------------------------------
// workers

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
}

/**
 * Each worker runs on a core of its own (`taskset`), as a pipeline replica does with its CPU
 * limit of one core (deploy/k8s): a worker's helper threads (garbage collector, I/O) then
 * share its core instead of taking a slice of its neighbour's. BENCH_PIN=0 leaves the
 * scheduler free.
 */
const PIN = process.env.BENCH_PIN !== '0' && spawnSync('taskset', ['-V']).status === 0;

function startWorker(env: Record<string, string>, index: number): Worker {
  const main = join(repoRoot, 'dist/services/pipeline/src/main.js');
  const [cmd, args] = PIN ? ['taskset', ['-c', String(index % cpus().length), process.execPath, main]] : [process.execPath, [main]];
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PIPELINE_CONCURRENCY: '1', PIPELINE_MEDIA_CACHE_MB: '64' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log = process.env.BENCH_WORKER_LOG;
  const ready = new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (c: Buffer) => {
      if (log) appendFileSync(log, c);
      if (seen !== 'ready') {
        seen += c.toString();
        if (seen.includes('pipeline worker pulling jobs')) {
          seen = 'ready';
          resolve();
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`a pipeline worker exited with ${code}`)));
  });
  return { child, ready };
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function stopWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.child.exitCode !== null) return resolve();
          w.child.once('exit', () => resolve());
          w.child.kill('SIGTERM');
        }),
    ),
  );
}

interface LaneRun {
  route: Route;
  workers: number;
  imgPerS: number;
  msPerImg: number;
  /** CPU the workers used during the run, in cores */
  workerCores: number;
  /** CPU this process used (publishing, results, the embedded S3 server), in cores */
  benchCores: number;
  /** CPU the whole machine used during the run (workers, this process, storage, database, anything else), in cores */
  machineCores: number;
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds a process has used (user + system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** Busy and total CPU seconds of the machine. */
function machineSeconds(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3] + (cpu[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/**
 * One route with `count` fresh worker processes: a warm-up job per worker, then JOBS images
 * timed from the first publish to the last result. The pools of one and two workers are
 * measured back to back per route, so both see the same load from anything else running.
 */
async function measure(
  bed: PipelineTestbed,
  route: Route,
  count: number,
  sources: string[],
  keys: { background: string; floor: string; logo: string; featuredImage: string },
): Promise<{ run: LaneRun; peaks: number[] }> {
  const workers = Array.from({ length: count }, (_, i) => startWorker(bed.env, i));
  try {
    await Promise.all(workers.map((w) => w.ready));
    const submit = async (n: number) => {
      const jobs = Array.from({ length: n }, (_, i) => ({ job: jobFor(route, keys), source: sources[i % sources.length] }));
      // the originals are in storage already; each job gets its own copy under its own key
      await Promise.all(jobs.map(async ({ job, source }) => bed.storage.put(job.sourceKey, await streamToBuffer(await bed.storage.get(source)), 'image/jpeg')));
      return jobs.map((j) => j.job);
    };
    const warm = await submit(count * 2);
    for (const job of warm) await bed.publish(job);
    await waitFor(() => warm.every((j) => bed.results.of(j.jobId).length > 0), 'the warm-up jobs', 180_000, 50);

    const jobs = await submit(JOBS);
    const cpu0 = workers.map((w) => cpuSeconds(w.child.pid!));
    const own0 = process.cpuUsage();
    const m0 = machineSeconds();
    const started = performance.now();
    for (const job of jobs) await bed.publish(job);
    await waitFor(() => jobs.every((j) => bed.results.of(j.jobId).length > 0), `${route} with ${count} worker(s)`, 600_000, 20);
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = workers.map((w) => cpuSeconds(w.child.pid!));
    const own = process.cpuUsage(own0);
    const m1 = machineSeconds();
    const events = jobs.map((j) => bed.results.of(j.jobId)[0]);
    const failed = events.find((e) => e.kind === 'failed');
    if (failed && failed.kind === 'failed') throw new Error(`${route}: ${failed.event.reason}`);
    return {
      run: {
        route,
        workers: count,
        imgPerS: JOBS / seconds,
        msPerImg: median(events.map((e) => (e.event as PipelineImageProcessed).durationMs)),
        workerCores: cpu1.reduce((a, c, i) => a + c - cpu0[i], 0) / seconds,
        benchCores: (own.user + own.system) / 1e6 / seconds,
        machineCores: ((m1.busy - m0.busy) / (m1.total - m0.total)) * cpus().length,
      },
      peaks: workers.map((w) => peakMb(w.child.pid!)),
    };
  } finally {
    await stopWorkers(workers);
  }
}

async function streamToBuffer(s: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------
// quality

type Rgb3 = [number, number, number];

/** Mean ΔE2000 of a JPEG's pixels in `rect` (output pixels) against a colour. */
async function meanDeltaE(jpeg: Buffer, rect: { left: number; top: number; width: number; height: number }, colour: Rgb3): Promise<number> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(rect.top); y < Math.floor(rect.top + rect.height); y++) {
    for (let x = Math.ceil(rect.left); x < Math.floor(rect.left + rect.width); x++) {
      const j = (y * info.width + x) * 3;
      sum += deltaE2000Rgb([data[j], data[j + 1], data[j + 2]], colour);
      n++;
    }
  }
  return sum / n;
}

const hexRgb = (hex: string): Rgb3 => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb3;

/**
 * The car's colour through the enhancer and full routes' steps (photos of the output's size,
 * so the enhancer keeps the body where it was drawn; full frames the car's box between the
 * margins), and the classical segmenter on the drawn scenes at its working size.
 */
async function quality(run: (route: Route, original: Buffer) => Promise<{ out: Buffer }>): Promise<{ worstColour: number; worstIoU: number }> {
  const share = (r: typeof CAR_BOX) => ({ left: r.left * OUT_W, top: r.top * OUT_H, width: r.width * OUT_W, height: r.height * OUT_H });
  const own = share(BODY_SAMPLE);
  const body = rectInFrame(share(BODY_SAMPLE), frameAroundCar(share(CAR_BOX), OUT_W, OUT_H, { top: 10, right: 5, bottom: 4, left: 5 }), OUT_W, OUT_H);
  const framed = { left: body.left + 8, top: body.top + 4, width: body.width - 16, height: body.height - 8 };
  console.log('');
  console.log('colour: mean ΔE2000 of the body against its paint (target < 5 on a well-exposed photo)');
  console.log('paint      photo  enhancer   full');
  let worstColour = 0;
  for (const paint of Object.keys(PAINTS)) {
    const scene = colourScene(paint, OUT_W, OUT_H);
    const photo = await sceneJpeg(scene, OUT_W, OUT_H);
    const colour = hexRgb(PAINTS[paint]);
    const [p, e, f] = [await meanDeltaE(photo, own, colour), await meanDeltaE((await run('enhancer', photo)).out, own, colour), await meanDeltaE((await run('full', photo)).out, framed, colour)];
    worstColour = Math.max(worstColour, e, f);
    console.log(`${paint.padEnd(10)} ${fmt(p, 1).padStart(5)} ${fmt(e, 1).padStart(9)} ${fmt(f, 1).padStart(6)}`);
  }
  const dark = await sceneJpeg(colourScene('blue', OUT_W, OUT_H), OUT_W, OUT_H, 0.3);
  const blue = hexRgb(PAINTS.blue);
  console.log(`${'dark blue'.padEnd(10)} ${fmt(await meanDeltaE(dark, own, blue), 1).padStart(5)} ${fmt(await meanDeltaE((await run('enhancer', dark)).out, own, blue), 1).padStart(9)}   (under-exposed: 0.3 of the light)`);

  console.log('');
  console.log('segmentation: classical segmenter, IoU with the known mask (target >= 0.95) and CPU per picture, 512x384');
  let worstIoU = 1;
  const scenes = [...segmentationScenes(), ...hardSegmentationScenes()];
  const required = segmentationScenes().length;
  for (const [index, scene] of scenes.entries()) {
    const img = await renderScene(scene, 512, 384);
    const truth = await knownMask(scene, 512, 384);
    classicalMask(img);
    const cpu: number[] = [];
    let mask = classicalMask(img);
    for (let i = 0; i < 9; i++) {
      const t0 = process.cpuUsage();
      mask = classicalMask(img);
      const t = process.cpuUsage(t0);
      cpu.push((t.user + t.system) / 1000);
    }
    const score = iou(mask, truth);
    if (index < required) worstIoU = Math.min(worstIoU, score);
    console.log(`${scene.name.padEnd(22)} IoU ${fmt(score, 3)}  ${fmt(median(cpu), 1).padStart(5)} ms${index < required ? '' : '  (beyond the classical segmenter)'}`);
  }
  return { worstColour, worstIoU };
}


// ---------------------------------------------------------------------------------------
// segmentation: the network beside the classical segmenter, as the route runs them

/** the network's sides measured; the first is the product's default (SEGMENTER_SIDE) */
const NETWORK_SIDES = (process.env.BENCH_SEGMENTER_SIDES ?? '768,1024,640,512').split(',').map(Number);
const SEG_W = 1920;
const SEG_H = 1440;

interface SegmentationCase {
  scene: QualityScene;
  picture: Raster;
  opaque: Raster;
  /** the truth with see-through glass (window scenes only) */
  seeThrough: Raster | null;
}

async function segmentationCases(): Promise<{ cases: SegmentationCase[]; required: number; glass: Raster }> {
  const scenes = [...segmentationScenes(SEG_W, SEG_H), ...hardSegmentationScenes(SEG_W, SEG_H), ...windowScenes(SEG_W, SEG_H)];
  const cases: SegmentationCase[] = [];
  for (const scene of scenes) {
    cases.push({
      scene,
      picture: await renderScene(scene, SEG_W, SEG_H),
      opaque: await knownMask(scene, SEG_W, SEG_H, 'opaque'),
      seeThrough: scene.seeThroughMaskSvg ? await knownMask(scene, SEG_W, SEG_H, 'see-through') : null,
    });
  }
  return { cases, required: segmentationScenes().length, glass: windowMask(SEG_W, SEG_H) };
}

/**
 * The route's own segment and mask steps on a 1920 x 1440 picture (the frame is the whole
 * picture): the segmenter's copy at its size, the mask cleaned, then the cut-out's alpha at
 * 1920 px with its soft edge. CPU of this process (the segmenter service runs in it too).
 */
async function segmentOnce(steps: RouteSteps, imaging: ImageRenderer, picture: Raster, windows: 'opaque' | 'see-through'): Promise<{ alpha: Raster; cpuMs: number }> {
  const job = makeJob({ route: 'full', settings: { outputWidth: SEG_W, outputHeight: SEG_H, windows } });
  const ctx = new JobContext(job, resolveJobOptions(job), () => undefined);
  const t0 = process.cpuUsage();
  ctx.source = imaging.asSource(picture);
  const seg = await steps.segment(ctx);
  const alpha = await steps.alpha(ctx, seg, coverFrame(SEG_W, SEG_H, SEG_W, SEG_H));
  const t = process.cpuUsage(t0);
  return { alpha, cpuMs: (t.user + t.system) / 1000 };
}

function segmentationSteps(segmenter: Segmenter, imaging: ImageRenderer): RouteSteps {
  const config = offlineConfig(segmenter);
  const files = { readMedium: async () => null } as unknown as PipelineFiles;
  return new RouteSteps(imaging, new MediaLibrary(files, imaging, 1024 * 1024), segmenter, config);
}

interface SegmenterResult {
  name: string;
  perScene: Array<{ opaque: SegmentationMeasures; seeThrough: SegmentationMeasures | null; glassKept: number | null; cpuMs: number }>;
  cpuMs: number;
  firstCpuMs?: number;
}

/** the renderer of the segmentation comparison: one thread, as a worker's, and room for the scenes */
const segImaging = new ImageRenderer({ maxInputPixels: 100_000_000, vipsThreads: 1 });

async function measureSegmenter(name: string, segmenter: Segmenter, cases: SegmentationCase[], glass: Raster, runs: number): Promise<SegmenterResult> {
  const imaging = segImaging;
  const steps = segmentationSteps(segmenter, imaging);
  const perScene: SegmenterResult['perScene'] = [];
  const all: number[] = [];
  for (const c of cases) {
    const cpu: number[] = [];
    let opaque: Raster | null = null;
    for (let i = 0; i < runs; i++) {
      const r = await segmentOnce(steps, imaging, c.picture, 'opaque');
      cpu.push(r.cpuMs);
      opaque = r.alpha;
    }
    const see = c.seeThrough ? (await segmentOnce(steps, imaging, c.picture, 'see-through')).alpha : null;
    perScene.push({
      opaque: segmentationMeasures(opaque!, c.opaque),
      seeThrough: see && c.seeThrough ? segmentationMeasures(see, c.seeThrough) : null,
      glassKept: see ? kept(see, glass) : null,
      cpuMs: median(cpu),
    });
    all.push(...cpu);
  }
  return { name, perScene, cpuMs: median(all) };
}

async function withNetwork<T>(side: number, threads: number, use: (segmenter: Segmenter, firstCpuMs: number) => Promise<T>): Promise<T> {
  const t0 = process.cpuUsage();
  const running = await startNetworkSegmenter({ SEGMENTER_SIDE: String(side), SEGMENTER_THREADS: String(threads), SEGMENTER_QUEUE: '16' });
  try {
    const t = process.cpuUsage(t0);
    return await use(new HttpSegmenter(running.url, 120_000, segImaging), (t.user + t.system) / 1000);
  } finally {
    await running.close();
  }
}

/**
 * Every drawn scene through the classical segmenter and the network (the segmenter service,
 * in this process, reached over HTTP as the worker reaches it), at the product's side and
 * at other sides, IoU and CPU per 1920-px picture; see-through glass against its own truth.
 */
async function segmentationComparison(): Promise<{ line: string; worstNetwork: number; networkCpuMs: number }> {
  const { cases, required, glass } = await segmentationCases();
  const classical = await measureSegmenter('classical', new ClassicalSegmenter(), cases, glass, 5);
  const [defaultSide, ...otherSides] = NETWORK_SIDES;
  const network = await withNetwork(defaultSide, 1, async (seg, loadCpu) => {
    const first = (await segmentOnce(segmentationSteps(seg, segImaging), segImaging, cases[0].picture, 'opaque')).cpuMs;
    const r = await measureSegmenter(`IS-Net quint8 @${defaultSide}`, seg, cases, glass, 3);
    return { ...r, firstCpuMs: first, loadCpu };
  });
  const pct = (v: number) => `${fmt(v * 100, 1)}%`;
  console.log('');
  console.log(`segmentation at ${SEG_W}x${SEG_H} through the route's segment and mask steps: IoU with the known mask, car lost, background kept (share of the car), edge band (px), CPU ms per picture`);
  console.log(`${'scene'.padEnd(28)} | ${'classical'.padEnd(40)} | ${network.name}`);
  const cell = (m: SegmentationMeasures, cpu: number) =>
    `${fmt(m.iou, 3)} ${pct(m.carLost).padStart(6)} ${pct(m.backgroundKept).padStart(6)} ${fmt(m.edgeBand, 1).padStart(4)} ${fmt(cpu).padStart(6)} ms`;
  for (const [i, c] of cases.entries()) {
    const tag = i < required ? '' : c.seeThrough ? '  (glass)' : '  (hard)';
    console.log(`${(c.scene.name + tag).padEnd(28)} | ${cell(classical.perScene[i].opaque, classical.perScene[i].cpuMs).padEnd(40)} | ${cell(network.perScene[i].opaque, network.perScene[i].cpuMs)}`);
    const cs = classical.perScene[i].seeThrough;
    const ns = network.perScene[i].seeThrough;
    if (cs && ns) {
      console.log(`${'  see-through setting'.padEnd(28)} | ${`${fmt(cs.iou, 3)} glass kept ${pct(classical.perScene[i].glassKept ?? 0)}`.padEnd(40)} | ${fmt(ns.iou, 3)} glass kept ${pct(network.perScene[i].glassKept ?? 0)}`);
    }
  }
  const worst = (r: SegmenterResult, from = 0, to = cases.length) => Math.min(...r.perScene.slice(from, to).map((p) => p.opaque.iou));
  console.log(
    `classical: worst IoU ${fmt(worst(classical, 0, required), 3)} on the ${required} required scenes, ${fmt(worst(classical), 3)} on all ${cases.length}; ${fmt(classical.cpuMs)} ms CPU per picture`,
  );
  console.log(
    `network: model load and warm-up ${fmt(network.loadCpu)} ms CPU, first picture ${fmt(network.firstCpuMs ?? 0)} ms, then ${fmt(network.cpuMs)} ms per picture (the session is reused: its buffers are planned on the first runs)`,
  );
  console.log('the network at other sides (the picture is scaled to side x side; CPU grows with its square):');
  const mean = (r: SegmenterResult) => r.perScene.reduce((a, p) => a + p.opaque.iou, 0) / r.perScene.length;
  const sideLine = (side: number, r: SegmenterResult) =>
    `side ${String(side).padStart(4)}: worst IoU ${fmt(worst(r), 3)} on all ${cases.length}, ${fmt(worst(r, 0, required), 3)} on the ${required} required, mean ${fmt(mean(r), 3)}; ${fmt(r.cpuMs)} ms CPU per picture`;
  console.log(`${sideLine(defaultSide, network)} (default)`);
  for (const side of otherSides) {
    const r = await withNetwork(side, 1, (seg) => measureSegmenter(`@${side}`, seg, cases, glass, 1));
    console.log(sideLine(side, r));
  }
  if (process.env.BENCH_SEGMENTER_THREADS !== '0') {
    const two = await withNetwork(defaultSide, 2, (seg) => measureSegmenter('2 threads', seg, cases.slice(0, 3), glass, 2));
    console.log(`side ${defaultSide} on 2 threads: ${fmt(two.cpuMs)} ms CPU per picture (one process per core scales better)`);
  }
  return {
    line: `segmentation model isnet-quint8@${defaultSide}: worst IoU ${fmt(worst(network), 3)} on ${cases.length} scenes, ${fmt(network.cpuMs)} ms CPU per picture`,
    worstNetwork: worst(network),
    networkCpuMs: network.cpuMs,
  };
}

// ---------------------------------------------------------------------------------------

/** The car's mask a route gives the plate finder: the drawing's own (a perfect segmenter), a segmenter's, or none (the enhancer). */
type PlateMaskSource = { name: string; mask: (scene: PlateScene, imaging: ImageRenderer) => Promise<Raster | null> };

/**
 * The plate finder on the drawn plate scenes (cars at several angles, four countries' plates,
 * plate-free cars with text near them), as a worker runs it: the picture decoded, then
 * `find-plates` with the car's mask the route has. A found plate counts when it overlaps a
 * true one by PLATE_MATCH_IOU; anything else found is false. CPU of `find-plates` per
 * 1920-px picture (the segmenter's own is not in it), after a warm-up. The summary line is
 * for the AI route with the network, the product's default; the other ways are printed too.
 */
async function plateComparison(): Promise<{ line: string }> {
  const scenes = await plateScenes();
  const config = offlineConfig(new ClassicalSegmenter());
  const imaging = new ImageRenderer({ maxInputPixels: config.PIPELINE_MAX_INPUT_PIXELS, vipsThreads: config.PIPELINE_VIPS_THREADS });
  const library = new MediaLibrary({ readMedium: async () => null } as unknown as PipelineFiles, imaging, 1024 * 1024);
  const plates = new NumberPlates(imaging, library, config);
  const job = makeJob({ route: 'full', settings: { numberPlates: { mode: 'blur', colour: '#FFFFFF' } } });
  const findOn = async (scene: PlateScene, mask: Raster | null) => {
    const ctx = new JobContext(job, resolveJobOptions(job), () => undefined);
    ctx.source = await imaging.decodeSource(scene.png);
    const c0 = process.cpuUsage();
    const found = await plates.find(ctx, mask);
    const c = process.cpuUsage(c0);
    return { found, cpuMs: (c.user + c.system) / 1000 };
  };
  const l0 = process.cpuUsage();
  await findOn(scenes[0], scenes[0].carMask);
  const load = process.cpuUsage(l0);
  const plateFree = scenes.filter((s) => s.plates.length === 0);
  const measure = async (way: PlateMaskSource, verbose: boolean) => {
    const scores: PlateScore[] = [];
    const cpu: number[] = [];
    // the masks first: a segmenter's threads still spinning after its run would count as the finder's CPU
    const masks: Array<Raster | null> = [];
    for (const scene of scenes) masks.push(await way.mask(scene, imaging));
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const [i, scene] of scenes.entries()) {
      const { found, cpuMs } = await findOn(scene, masks[i]);
      const score = scorePlates(found, scene.plates);
      scores.push(score);
      cpu.push(cpuMs);
      if (verbose) {
        const ious = score.ious.map((v) => fmt(v, 2)).join(' ') || '-';
        console.log(`  plates ${scene.name.padEnd(28)} ${score.found}/${score.truth} found, ${score.false} false, IoU ${ious}, ${fmt(cpuMs)} ms CPU`);
      }
    }
    const all = addScores(scores);
    const masked = plateFree.filter((s) => scores[scenes.indexOf(s)].false > 0).length;
    const meanIoU = all.ious.length ? all.ious.reduce((x, y) => x + y, 0) / all.ious.length : 0;
    const line = `number plates: ${all.found}/${all.truth} found, ${all.false} false, mean IoU ${fmt(meanIoU, 2)}, ${fmt(median(cpu))} ms CPU per picture`;
    console.log(`plates, ${way.name}: ${line.replace('number plates: ', '')}; ${masked} of ${plateFree.length} plate-free cars given a mask`);
    return line;
  };
  const segmentWith = (segmenter: Segmenter) => async (scene: PlateScene, r: ImageRenderer) => {
    const src = await r.decodeSource(scene.png);
    return segmenter.segment(await r.downscale(src, segmentSize(offlineConfig(segmenter))));
  };
  console.log(`plates: ${scenes.length} scenes, ${scenes.reduce((n, s) => n + s.plates.length, 0)} plates, ${plateFree.length} plate-free cars; detector load and first picture ${fmt((load.user + load.system) / 1000)} ms CPU`);
  await measure({ name: "the drawing's car mask (the finder alone)", mask: async (scene) => scene.carMask }, false);
  await measure({ name: 'no car mask (the enhancer route)', mask: async () => null }, false);
  await measure({ name: 'the classical segmenter', mask: segmentWith(new ClassicalSegmenter()) }, false);
  const line = await withNetwork(NETWORK_SIDES[0], 1, (network) => measure({ name: `the network (isnet-quint8@${NETWORK_SIDES[0]}, the AI route's default)`, mask: segmentWith(network) }, true));
  return { line };
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'plates') {
    // the plate finder alone (under a minute): BENCH_ONLY=plates make bench-pipeline
    console.log((await plateComparison()).line);
    return;
  }
  if (process.env.BENCH_ONLY === 'segmentation') {
    // the segmentation comparison alone (a few minutes): BENCH_ONLY=segmentation make bench-pipeline
    console.log((await segmentationComparison()).line);
    return;
  }
  const convert = imageMagick();
  const dir = mkdtempSync(join(tmpdir(), 'bench-pipeline-'));
  const keep = process.env.BENCH_KEEP === '1';
  console.log(`pipeline benchmark: ${SOURCES} photos of ${W}x${H} (JPEG, EXIF-rotated ${ORIENTATIONS.join('/')}), style guide ${OUT_W}x${OUT_H}, ${JOBS} images per route and run, ${PIN ? 'each worker pinned to a core of its own' : 'workers not pinned'}`);
  const originals: Buffer[] = [];
  for (let i = 0; i < SOURCES; i++) {
    originals.push(await carScene({ width: W, height: H, orientation: ORIENTATIONS[i % ORIENTATIONS.length], svg: photoSvg(i), noise: 9, quality: 92 }));
  }
  const media = await makeMedia();
  console.log(`photos: ${fmt(originals.reduce((a, b) => a + b.length, 0) / originals.length / 1e6, 1)} MB on average`);

  // 1. the steps in this process, one core, against ImageMagick
  const offline = offlineRoutes(media);
  // ImageMagick's media, fitted as the worker fits them, in its memory-mapped format (not timed)
  const horizonY = Math.round(OUT_H * 0.5);
  const fitted: Array<[string, Buffer]> = [
    ['background', await sharp(media.background).resize(OUT_W, OUT_H, { fit: 'cover' }).png().toBuffer()],
    ['floor', await sharp(media.floor).resize(OUT_W, OUT_H - horizonY, { fit: 'cover' }).png().toBuffer()],
    ['logo', await sharp(media.logo).resize(Math.round(OUT_W * 0.2), Math.round(OUT_H * 0.15), { fit: 'inside' }).png().toBuffer()],
  ];
  for (const [name, png] of fitted) {
    writeFileSync(join(dir, `${name}.png`), png);
    const r = spawnSync(convert, [join(dir, `${name}.png`), join(dir, `${name}.mpc`)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`convert failed: ${r.stderr}`);
  }
  // every route's steps once per photo (the first a warm-up); full is timed below beside ImageMagick
  const steps: Record<string, number[]> = {};
  for (const route of ROUTES) {
    await offline.run(route, originals[0]);
    steps[route] = [];
    if (route === 'full') continue;
    for (const original of originals) steps[route].push((await offline.run(route, original)).ms);
  }
  const measured = await quality(offline.run);
  const segmentation = await segmentationComparison();
  const plates = await plateComparison();
  // full with the network: the segmenter service in this process, reached over HTTP as a worker reaches it
  const networkFull = await withNetwork(NETWORK_SIDES[0], 1, async (seg) => {
    const routes = offlineRoutes(media, seg);
    await routes.run('full', originals[0]);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const original of originals) {
      const r = await routes.run('full', original);
      wall.push(r.ms);
      cpu.push(r.cpuMs);
    }
    return { ms: median(wall), cpuMs: median(cpu) };
  });
  const sample = await offline.run('full', originals[0]);
  writeFileSync(join(dir, 'ours-full-0.jpg'), sample.out);

  // full and ImageMagick's same steps photo by photo, twice, so that both meet the same load
  const im1: number[] = [];
  const imAll: number[] = [];
  const plans: string[][] = [];
  for (let i = 0; i < originals.length; i++) {
    writeFileSync(join(dir, `src-${i}.jpg`), originals[i]);
    const plan = await offline.plan(originals[i]);
    writeFileSync(join(dir, `mask-${i}.png`), plan.mask);
    const meta = await sharp(originals[i]).metadata();
    plans.push(convertArgs(dir, i, plan, { width: meta.width!, height: meta.height! }));
  }
  const convertOnce = (i: number, oneThread: boolean) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (oneThread) env.MAGICK_THREAD_LIMIT = '1';
    else delete env.MAGICK_THREAD_LIMIT;
    const t0 = performance.now();
    const r = spawnSync(convert, plans[i], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`convert failed: ${r.stderr}`);
    return performance.now() - t0;
  };
  convertOnce(0, true); // warm-up (page cache, libraries)
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < originals.length; i++) {
      steps.full.push((await offline.run('full', originals[i])).ms);
      im1.push(convertOnce(i, true));
      imAll.push(convertOnce(i, false));
    }
  }
  const imMeta = await sharp(readFileSync(join(dir, 'im-out-0.jpg'))).metadata();
  if (imMeta.width !== OUT_W || imMeta.height !== OUT_H) throw new Error(`ImageMagick made ${imMeta.width}x${imMeta.height}`);

  // 2. the service: one worker, then two
  const bed = await createPipelineTestbed('bench_pipeline', { PIPELINE_ACK_WAIT_MS: '30000' });
  const sourceKeys: string[] = [];
  for (let i = 0; i < originals.length; i++) {
    const key = `orders/${randomUUID()}/images/${randomUUID()}/original.jpg`;
    await bed.storage.put(key, originals[i], 'image/jpeg');
    sourceKeys.push(key);
  }
  await bed.storage.put(offline.keys.background, media.background, 'image/png');
  await bed.storage.put(offline.keys.floor, media.floor, 'image/png');
  await bed.storage.put(offline.keys.logo, media.logo, 'image/png');
  await bed.storage.put(offline.keys.featuredImage, media.featured, 'image/jpeg');
  const one: LaneRun[] = [];
  const two: LaneRun[] = [];
  const peaks: Record<string, number> = {};
  try {
    for (const route of ROUTES) {
      const a = await measure(bed, route, 1, sourceKeys, offline.keys);
      const b = await measure(bed, route, 2, sourceKeys, offline.keys);
      one.push(a.run);
      two.push(b.run);
      peaks[route] = Math.max(...a.peaks, ...b.peaks);
    }
  } finally {
    await bed.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }

  console.log('');
  console.log('route       steps ms/img | 1 worker: ms/img  img/s    cores     | 2 workers: ms/img  img/s    cores     | scaling  peak MB');
  const cores = (r: LaneRun) => `${fmt(r.workerCores, 1)}/${fmt(r.benchCores, 1)}/${fmt(r.machineCores, 1)}`;
  for (const route of ROUTES) {
    const a = one.find((r) => r.route === route)!;
    const b = two.find((r) => r.route === route)!;
    console.log(
      `${route.padEnd(11)} ${fmt(median(steps[route])).padStart(12)} | ${fmt(a.msPerImg).padStart(16)} ${fmt(a.imgPerS, 2).padStart(6)} ${cores(a).padStart(11)} | ${fmt(b.msPerImg).padStart(17)} ${fmt(b.imgPerS, 2).padStart(6)} ${cores(b).padStart(11)} | ${fmt(b.imgPerS / a.imgPerS, 2).padStart(6)}x ${fmt(peaks[route]).padStart(8)}`,
    );
  }
  console.log('steps: decode to thumbnail in this process, one core, no storage. worker ms/img: read from S3 to result committed, median.');
  console.log(`img/s: images over wall clock for the run. cores: CPU used by the workers / this process (S3 server, publishing) / the whole machine (${cpus().length} cores), during the run.`);
  const full = median(steps.full);
  const im = median(im1);
  const ratio = im / full;
  const fullWorker = one.find((r) => r.route === 'full')!;
  const bypassWorker = one.find((r) => r.route === 'bypass')!;
  const fullTwo = two.find((r) => r.route === 'full')!;
  const scaling = fullTwo.imgPerS / fullWorker.imgPerS;
  const peak = Math.max(...Object.values(peaks));
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('');
  console.log(`ImageMagick ${convert} (same steps of full, geometry and mask given): ${fmt(im)} ms/img on one thread, ${fmt(median(imAll))} ms/img with its default threads (${cpus().length})`);
  console.log(`full (classical) ${fmt(full)} ms/img steps, ${fmt(fullWorker.msPerImg)} ms/img in a worker (target < 700: ${verdict(Math.max(full, fullWorker.msPerImg) < 700)})`);
  console.log(`bypass ${fmt(median(steps.bypass))} ms/img steps, ${fmt(bypassWorker.msPerImg)} ms/img in a worker (target < 250: ${verdict(Math.max(median(steps.bypass), bypassWorker.msPerImg) < 250)})`);
  console.log(`faster than ImageMagick: ${fmt(ratio, 2)}x (target >= 1.5x: ${verdict(ratio >= 1.5)})`);
  console.log(
    `two workers: ${fmt(scaling, 2)}x one worker's throughput on full (target >= 1.6x: ${verdict(scaling >= 1.6)}); ` +
      `they got ${fmt(fullTwo.workerCores, 2)} cores against ${fmt(fullWorker.workerCores, 2)} for one, ` +
      `${fmt((fullTwo.imgPerS / fullTwo.workerCores) / (fullWorker.imgPerS / fullWorker.workerCores), 2)}x the images per CPU-second of one`,
  );
  console.log(`peak memory per worker: ${fmt(peak)} MB (target < 400 MB: ${verdict(peak < 400)})`);
  console.log(`colour: worst mean ΔE2000 on a well-exposed body ${fmt(measured.worstColour, 1)} (target < 5: ${verdict(measured.worstColour < 5)})`);
  console.log(`segmentation (classical, 512 x 384): worst IoU ${fmt(measured.worstIoU, 3)} on the required scenes (target >= 0.95: ${verdict(measured.worstIoU >= 0.95)})`);
  console.log(
    `segmentation network: worst IoU ${fmt(segmentation.worstNetwork, 3)} on every scene (target >= 0.95: ${verdict(segmentation.worstNetwork >= 0.95)}), ` +
      `${fmt(segmentation.networkCpuMs)} ms CPU per 1920-px picture (target <= 3000: ${verdict(segmentation.networkCpuMs <= 3000)})`,
  );
  console.log(
    `full with the network: ${fmt(networkFull.ms)} ms/img steps (${fmt(networkFull.cpuMs)} ms CPU, the segmenter's included), ImageMagick takes ${fmt(im / networkFull.ms, 2)}x as long for the steps it is given (it is not asked to segment)`,
  );
  if (keep) console.log(`outputs kept in ${dir}`);
  console.log(segmentation.line);
  console.log(plates.line);
  console.log(`pipeline: full ${fmt(full)} ms/img, imagemagick ${fmt(im)} ms/img, ratio ${fmt(ratio, 2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
