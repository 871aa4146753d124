import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { STREAMS } from '@app/contracts';
import { waitFor } from '@app/testing';
import sharp from 'sharp';
import { AUTO_REPUSH, createPipelineTestbed, makeJob, OUT, type PipelineTestbed } from './helpers/pipeline-testbed';
import { startSegmentationServer, type SegmentationServer } from './helpers/segmentation-server';
import { carScene } from './helpers/test-images';

/**
 * Replicas share the work and a replica killed in the middle of a job loses nothing: the
 * built service runs as separate processes (as in production); one of them is killed with
 * SIGKILL while a job is half done (it waits for the segmentation service), another is
 * started, and every image ends processed exactly once in effect.
 */
const repoRoot = join(__dirname, '..', '..', '..');
const IMAGES = 10;

interface Worker {
  name: string;
  child: ChildProcess;
  ready: Promise<void>;
}

describe('pipeline service processes', () => {
  let bed: PipelineTestbed;
  let seg: SegmentationServer;
  const workers: Worker[] = [];

  beforeAll(async () => {
    execFileSync('npm', ['run', '-s', 'build:server'], { cwd: repoRoot, stdio: 'inherit' });
    seg = await startSegmentationServer();
    bed = await createPipelineTestbed('pipeline_crash');
  }, 120000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await bed?.close();
    await seg?.close();
  });

  /** The built pipeline service as a child process; its segmentation requests go to `/segment/<name>`. */
  function startWorker(name: string): Worker {
    const child = spawn(process.execPath, [join(repoRoot, 'dist/services/pipeline/src/main.js')], {
      env: {
        ...process.env,
        ...bed.env,
        LOG_LEVEL: 'info',
        PIPELINE_SEGMENTER: 'http',
        PIPELINE_SEGMENTER_URL: `${seg.url}/${name}`,
        PIPELINE_ACK_WAIT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        if (buffered.includes('pipeline worker pulling jobs')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code} before it was ready`)));
    });
    const w = { name, child, ready };
    workers.push(w);
    return w;
  }

  it('kills a worker mid-job, starts another, and every image is processed exactly once', async () => {
    const a = startWorker('a');
    const b = startWorker('b');
    await Promise.all([a.ready, b.ready]);

    const jobs = Array.from({ length: IMAGES }, () =>
      makeJob({ route: 'full', repush: { ...AUTO_REPUSH, backgroundColor: '#ffffff' } }),
    );
    const original = await carScene();
    await Promise.all(jobs.map((job) => bed.storage.put(job.sourceKey, original, 'image/jpeg')));
    for (const job of jobs) await bed.publish(job);

    // let a few through, then catch one worker half-way through a job and kill it
    await waitFor(() => bed.results.processed().length >= 2, 'the first images processed', 30000);
    seg.holdNext();
    const path = await seg.held();
    const victim = workers.find((w) => path.endsWith(`/${w.name}`))!;
    const victimPid = victim.child.pid!;
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));

    const c = startWorker('c');
    await c.ready;
    await waitFor(() => new Set(bed.results.processed().map((e) => e.imageId)).size === IMAGES, 'every image processed', 60000, 100);
    // leave time for a duplicate to show up, if one were coming
    await new Promise((r) => setTimeout(r, 2500));

    const processed = bed.results.processed();
    expect(bed.results.results.filter((r) => r.kind === 'failed')).toEqual([]);
    expect(processed).toHaveLength(IMAGES);
    expect(new Set(processed.map((e) => e.jobId)).size).toBe(IMAGES);
    // the job the victim was on was finished by another worker, on a later delivery
    const pids = (e: { worker: string }) => Number(e.worker.split(':').pop());
    const redone = processed.filter((e) => e.attempt > 1);
    expect(redone.length).toBeGreaterThanOrEqual(1);
    for (const e of redone) expect(pids(e)).not.toBe(victimPid);
    // the surviving replicas shared the work
    expect(new Set(processed.map(pids)).size).toBeGreaterThanOrEqual(2);
    for (const job of jobs) {
      const meta = await sharp(await bed.storage.getBuffer(job.outputKeys.optimized)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', OUT.width, OUT.height]);
      expect(await bed.storage.head(job.outputKeys.thumb)).not.toBeNull();
    }
    const dlq = await bed.jsm.streams.info(bed.ns.namespace.stream(STREAMS.DEADLETTER.name));
    expect(dlq.state.messages).toBe(0);
  });

  it('refuses to start, saying why, with a segmenter it cannot use', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [join(repoRoot, 'dist/services/pipeline/src/main.js')], {
          env: { ...process.env, ...bed.env, LOG_LEVEL: 'info', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const noPath = await run({ PIPELINE_SEGMENTER: 'onnx' });
    expect(noPath.code).toBe(1);
    expect(noPath.output).toContain('PIPELINE_ONNX_MODEL is missing');
    const missing = await run({ PIPELINE_SEGMENTER: 'onnx', PIPELINE_ONNX_MODEL: '/nonexistent/u2net.onnx' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The ONNX model file /nonexistent/u2net.onnx does not exist');
  });
});
