import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedAccounts } from '@app/seeding';
import { waitFor } from '@app/testing';
import { fmt, percentile } from '../bench-utils';
import { carPhotos } from '../car-photos';
import { ClusterStack, type ClusterKind } from './cluster-stack';
import { Api, postToStorage, Recorder } from './cluster-workload';

/**
 * `make bench-cluster`: throughput of the pipeline workers and of the gateways in the cluster
 * set-up (cluster-stack.ts: NATS at R3, PostgreSQL behind HAProxy's read-write endpoint, the
 * gateways behind HAProxy) with 1, 2 and 4 replicas, and the CPU each process spends per unit
 * of work, in one run:
 *
 * - pipeline: BENCH_IMAGES (120) pictures are uploaded through the API while no worker runs (a
 *   backlog in the PIPELINE stream), then N workers start and work it off; images per second
 *   from the first worker's start to the last picture's `processed_at`, and images per
 *   CPU-second of the workers (which should stay flat: on 2 cores the machine is the ceiling);
 * - gateway: BENCH_CLIENTS (32) signed-in clients read the orders list and an order through
 *   HAProxy for BENCH_GATEWAY_SECONDS (20) with N gateways; requests per second, p50/p95, and
 *   CPU per request of the gateways and of everything the request touches.
 *
 * Also prints CPU per upload of each process during the uploads (the capacity table of
 * docs/operations.md is derived from these lines).
 */

const IMAGES = Number(process.env.BENCH_IMAGES ?? 120);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const GATEWAY_SECONDS = Number(process.env.BENCH_GATEWAY_SECONDS ?? 20);
const REPLICAS = (process.env.BENCH_REPLICAS ?? '1,2,4').split(',').map(Number);
const PASSWORD = 'Cluster-Pass-2026!';
const say = (line: string) => process.stdout.write(`${line}\n`);

/** CPU (ms) by kind of process between two samples of the cluster (`ClusterStack.cpuSample`); a process that ended in between keeps its last reading. */
function cpuBy(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([k, v]) => [k, Math.max(0, v - (before.get(k) ?? 0))]));
}

async function setReplicas(stack: ClusterStack, kind: ClusterKind, n: number): Promise<void> {
  while (stack.live(kind).length > n) await stack.stopProcess(stack.live(kind).at(-1)!);
  const missing = n - stack.live(kind).length;
  await Promise.all(Array.from({ length: missing }, () => stack.startProcess(kind)));
  if (kind === 'gateway') {
    await waitFor(async () => [...(await stack.lb.states('gateways'))].filter(([, s]) => s === 'UP').length === n, `HAProxy sees ${n} gateways`, 60_000, 250);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dealer-cluster-bench-'));
  const stack = new ClusterStack({ dir, replicas: { pipeline: 0, gateway: Math.max(...REPLICAS) } });
  const rec = new Recorder();
  let db: ReturnType<ClusterStack['database']> | null = null;
  try {
    say(`cluster capacity: ${IMAGES} pictures per pipeline configuration, ${CLIENTS} clients for ${GATEWAY_SECONDS} s per gateway configuration, replicas ${REPLICAS.join(', ')}`);
    say(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await stack.start();
    const dbClient = stack.database();
    db = dbClient;
    const tag = Date.now().toString(36).slice(-4);
    const { accounts } = await seedAccounts(stack.env, {
      accounts: [
        { email: `admin-${tag}@cluster.test`, displayName: 'Bench Admin', userRole: 'Admin', country: 'Denmark', password: PASSWORD },
        { email: `dealer-${tag}@cluster.test`, displayName: 'Bench Dealership', userRole: 'Dealership', permissions: ['CREATE_ORDERS'], country: 'Denmark', password: PASSWORD },
      ],
    });
    const { salesPeople } = await seedAccounts(stack.env, { salesPeople: [{ userId: accounts[1].id, name: 'Seller', email: `seller-${tag}@cluster.test`, phone: '+45 12 34 56 78' }] });
    const admin = new Api(stack.baseUrl, rec);
    await admin.signIn(accounts[0].email, PASSWORD);
    const dealer = new Api(stack.baseUrl, rec);
    await dealer.signIn(accounts[1].email, PASSWORD);
    const guide = await admin.call<{ id: string }>('POST /style-guides', 'POST', '/style-guides', { name: `Bench ${tag}`, outputWidth: 1600, outputHeight: 1200, maxImageSize: 800_000, frameFreeRouting: 'enhancer' });
    await admin.call('POST /style-guides/add-style-guide-to-user', 'POST', '/style-guides/add-style-guide-to-user', { userId: accounts[1].id, styleGuideId: guide.body!.id });
    const photos = await carPhotos();

    // --- the pipeline: a backlog, then N workers
    const pipeline: Array<{ n: number; seconds: number; perSecond: number; cpuSeconds: number; perCpuSecond: number }> = [];
    for (const n of REPLICAS) {
      await setReplicas(stack, 'pipeline', 0);
      const before = stack.cpuSample();
      const ids: string[] = [];
      const perOrder = 8;
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let o = next++; o < IMAGES / perOrder; o = next++) {
            const order = await dealer.call<{ id: string }>('POST /orders', 'POST', '/orders', { orderName: `Bench ${tag} ${n}-${o}`, styleGuide: guide.body!.id, salesMan: salesPeople[0].id, takenImagesCount: perOrder });
            for (let position = 1; position <= perOrder; position++) {
              const photo = photos[position % photos.length];
              const grant = await dealer.call<{ url: string; fields: string; imageId: string }>('POST /images/get-signed-url-for-upload', 'POST', '/images/get-signed-url-for-upload', {
                order: order.body!.id,
                position,
                fileSize: photo.length,
                width: 1600,
                height: 1200,
                contentType: 'image/jpeg',
              });
              await postToStorage(rec, grant.body!.url, JSON.parse(grant.body!.fields) as Record<string, string>, photo);
              await dealer.call('POST /images/upload-complete', 'POST', '/images/upload-complete', { imageId: grant.body!.imageId }, { idempotent: true });
              ids.push(grant.body!.imageId);
            }
          }
        }),
      );
      // every picture checked and its job waiting in the stream
      await waitFor(
        async () => (await dbClient.query<{ n: number }>(`SELECT count(*)::int AS n FROM images.image WHERE id::text = ANY($1::text[]) AND optimisation_status = 'queued'`, [ids]))[0].n === ids.length,
        'every upload queued for the pipeline',
        300_000,
        500,
      );
      const uploadCpu = cpuBy(before, stack.cpuSample());
      if (n === REPLICAS[0]) {
        say(`\nCPU per upload (grant, presigned POST, upload-complete, the check and the job's queueing), ms: ${[...uploadCpu].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v / ids.length, 1)}`).join(', ')}`);
      }
      const started = new Date();
      await setReplicas(stack, 'pipeline', n);
      const aBefore = stack.cpuSample();
      await waitFor(
        async () => (await dbClient.query<{ n: number }>(`SELECT count(*)::int AS n FROM images.image WHERE id::text = ANY($1::text[]) AND optimisation_status = 'completed'`, [ids]))[0].n === ids.length,
        `${ids.length} pictures processed by ${n} workers`,
        900_000,
        500,
      );
      const allCpu = cpuBy(aBefore, stack.cpuSample());
      const workerCpu = allCpu.get('pipeline') ?? 0;
      const rows = await dbClient.query<{ last: Date }>(`SELECT max(processed_at) AS last FROM images.image WHERE id::text = ANY($1::text[])`, [ids]);
      const seconds = (rows[0].last.getTime() - started.getTime()) / 1000;
      pipeline.push({ n, seconds, perSecond: ids.length / seconds, cpuSeconds: workerCpu / 1000, perCpuSecond: ids.length / (workerCpu / 1000) });
      say(
        `pipeline, ${n} worker${n > 1 ? 's' : ''}: ${ids.length} pictures in ${fmt(seconds, 1)} s, ${fmt(ids.length / seconds, 2)} images/s, ` +
          `${fmt(workerCpu / ids.length, 0)} ms worker CPU per picture (${fmt(ids.length / (workerCpu / 1000), 2)} images per CPU-second); ` +
          `CPU per picture of the rest, ms: ${[...allCpu].filter(([k]) => k !== 'pipeline').sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${fmt(v / ids.length, 1)}`).join(', ')}`,
      );
    }
    const p1 = pipeline[0];
    say(`pipeline ratios to ${p1.n} worker: ${pipeline.map((p) => `${p.n}: images/s x${fmt(p.perSecond / p1.perSecond, 2)}, images per CPU-second x${fmt(p.perCpuSecond / p1.perCpuSecond, 2)}`).join('; ')}`);

    // --- the gateways: signed-in reads through HAProxy
    await setReplicas(stack, 'pipeline', 1);
    const someOrder = await dbClient.query<{ id: string }>('SELECT id FROM orders.orders LIMIT 1');
    const readers = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const api = new Api(stack.baseUrl, new Recorder());
        await api.signIn(i % 2 ? accounts[0].email : accounts[1].email, PASSWORD);
        return api;
      }),
    );
    const gateway: Array<{ n: number; rps: number; p50: number; p95: number; gatewayMs: number; allMs: number }> = [];
    for (const n of REPLICAS) {
      await setReplicas(stack, 'gateway', n);
      const aBefore = stack.cpuSample();
      const latencies: number[] = [];
      let errors = 0;
      const until = Date.now() + GATEWAY_SECONDS * 1000;
      const t0 = Date.now();
      await Promise.all(
        readers.map(async (api, i) => {
          for (let k = i; Date.now() < until; k++) {
            const t = performance.now();
            const res = k % 2 ? await api.call('GET /orders/get-orders', 'GET', '/orders/get-orders?page=1') : await api.call('GET /orders/{id}', 'GET', `/orders/${someOrder[0].id}`);
            if (res.status === 200) latencies.push(performance.now() - t);
            else errors++;
          }
        }),
      );
      const secs = (Date.now() - t0) / 1000;
      const cpu = cpuBy(aBefore, stack.cpuSample());
      const gatewayMs = cpu.get('gateway') ?? 0;
      const allMs = [...cpu.entries()].filter(([k]) => k !== 'runner').reduce((sum, [, v]) => sum + v, 0);
      say(`  CPU per request by process, ms: ${[...cpu].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v / Math.max(1, latencies.length), 2)}`).join(', ')}`);
      latencies.sort((a, b) => a - b);
      gateway.push({ n, rps: latencies.length / secs, p50: percentile(latencies, 50), p95: percentile(latencies, 95), gatewayMs: gatewayMs / latencies.length, allMs: allMs / latencies.length });
      say(
        `gateway, ${n} replica${n > 1 ? 's' : ''}: ${latencies.length} reads in ${fmt(secs, 1)} s, ${fmt(latencies.length / secs, 0)} requests/s, p50 ${fmt(percentile(latencies, 50), 0)} ms, p95 ${fmt(percentile(latencies, 95), 0)} ms, ` +
          `${errors} errors; CPU per request: gateways ${fmt(gatewayMs / latencies.length, 2)} ms (${fmt(latencies.length / (gatewayMs / 1000), 0)} requests per gateway CPU-second), everything ${fmt(allMs / latencies.length, 2)} ms`,
      );
    }
    say(`peak memory of one process, MB: ${[...stack.peakMemoryMb()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v, 0)}`).join(', ')}`);
    const g1 = gateway[0];
    say(`gateway ratios to ${g1.n} replica: ${gateway.map((g) => `${g.n}: requests/s x${fmt(g.rps / g1.rps, 2)}, gateway CPU per request x${fmt(g.gatewayMs / g1.gatewayMs, 2)}`).join('; ')}`);
  } finally {
    await db?.end().catch(() => undefined);
    await stack.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
