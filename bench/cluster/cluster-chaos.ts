import 'reflect-metadata';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { STREAMS, SERVICE_NAMES } from '@app/contracts';
import { seedAccounts } from '@app/seeding';
import { waitFor } from '@app/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { percentile } from '../bench-utils';
import { carPhotos } from '../car-photos';
import { ClusterStack, type ProductProcess } from './cluster-stack';
import { Api, dealerClient, Recorder, robotClient, staffClient, workOnOrder, type Dealer, type PlacedOrder, type Upload } from './cluster-workload';

/**
 * `make test-cluster`: the cluster of cluster-stack.ts under a load like `make bench-load`'s
 * (dealerships uploading from their phones, staff approving and delivering, robots pulling),
 * broken on purpose while the load runs:
 *
 *   at 15 % of the run   one NATS server is killed (SIGKILL); it is started again at 30 %
 *   at 45 %              PostgreSQL fails over: the primary is stopped, the standby promoted
 *   at 60 %              one gateway is killed
 *   at 70 %              one replica of every service is killed, the pipeline worker's while it
 *                        holds a job; each is started again 10 s later, as an orchestrator does
 *
 * Then the load stops, the staff finish their orders and the robots their deliveries, and the
 * run fails unless: every upload is processed exactly once (one processed version, one job, one
 * statistics fact); every order's counts and timeline are right; every delivery arrived once
 * with one receipt (and its files are at the FTP server once); the dead-letter stream is empty
 * and no JetStream consumer has a message pending. It prints the requests that failed for good
 * (after the retries the clients' contract allows), how long each recovery took, and the line
 *
 *   cluster: U uploads, L lost, F failed requests of R, NATS server killed (recovered in a s),
 *   PostgreSQL failed over in b s, gateway killed, N replicas killed
 *
 * CLUSTER_SECONDS (240) is the load's length; CLUSTER_DEALERS (12) and CLUSTER_STAFF (3) its
 * size. `make test` runs a short form (CLUSTER_SECONDS=120). docs/operations.md explains it.
 */

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 240);
const DEALERS = Number(process.env.CLUSTER_DEALERS ?? 12);
const STAFF = Number(process.env.CLUSTER_STAFF ?? 3);
const PICTURES = 6;
const PASSWORD = 'Cluster-Pass-2026!';
const DRAIN_MS = Number(process.env.CLUSTER_DRAIN_SECONDS ?? 600) * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Recoveries {
  natsKilledAt?: number;
  natsRecoveredMs?: number;
  natsRejoinedMs?: number;
  pgFailoverMs?: number;
  gatewayKilled?: string;
  replicasKilled: string[];
  pipelineJobsInHand?: number;
  notes: string[];
}

/** The product's streams and every consumer on them, as JetStream reports them now. */
async function consumerStates(jsm: JetStreamManager): Promise<Array<{ stream: string; consumer: string; pending: number; ackPending: number; leader?: string }>> {
  const out: Array<{ stream: string; consumer: string; pending: number; ackPending: number; leader?: string }> = [];
  for (const key of Object.keys(STREAMS) as Array<keyof typeof STREAMS>) {
    const stream = STREAMS[key].name;
    for (const c of await jsm.consumers.list(stream).next()) {
      out.push({ stream, consumer: c.name, pending: c.num_pending, ackPending: c.num_ack_pending, leader: c.cluster?.leader });
    }
  }
  return out;
}

/** True when every product stream and consumer has a leader on a live server and a request through the load balancer is answered. */
async function productAnswers(stack: ClusterStack, jsm: JetStreamManager, api: Api): Promise<boolean> {
  const live = new Set(stack.nats.filter((n) => n.running).map((n) => n.name));
  for (const key of Object.keys(STREAMS) as Array<keyof typeof STREAMS>) {
    const info = await jsm.streams.info(STREAMS[key].name).catch(() => null);
    if (!info?.cluster?.leader || !live.has(info.cluster.leader)) return false;
  }
  const consumers = await consumerStates(jsm).catch(() => null);
  if (!consumers || consumers.some((c) => !c.leader || !live.has(c.leader))) return false;
  const health = await fetch(`${stack.baseUrl}/health`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
  if (health?.status !== 200) return false;
  const list = await api.call('probe', 'GET', '/orders/get-orders?page=1');
  return list.status === 200;
}

/** One pipeline replica holding a job now (its `dealer_pipeline_jobs_in_hand_messages`), or any after 60 s. */
async function pipelineWorkerMidJob(stack: ClusterStack): Promise<{ proc: ProductProcess; inHand: number }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const proc of stack.live('pipeline')) {
      const text = await fetch(`http://127.0.0.1:${proc.opsPort}/metrics`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.text())
        .catch(() => '');
      const inHand = Number(/^dealer_pipeline_jobs_in_hand_messages(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1] ?? 0);
      if (inHand > 0) return { proc, inHand };
    }
    if (Date.now() > deadline) return { proc: stack.live('pipeline')[0], inHand: 0 };
    await sleep(100);
  }
}

async function faults(stack: ClusterStack, nc: NatsConnection, api: Api, t0: number, out: Recoveries): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const at = async (share: number) => {
    const wait = t0 + share * SECONDS * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
  };

  // --- a NATS server dies; the product goes on with two of three; it comes back and catches up
  await at(0.15);
  const victim = stack.nats[1];
  const killed = Date.now();
  await victim.kill();
  say(`${seconds(killed - t0)} s: ${victim.name} killed`);
  await waitFor(() => productAnswers(stack, jsm, api), 'every stream and consumer led by a live NATS server, and the product answering', 120_000, 250);
  out.natsKilledAt = killed;
  out.natsRecoveredMs = Date.now() - killed;
  say(`  the product answers, every stream and consumer led by a live server, after ${seconds(out.natsRecoveredMs)} s`);
  await at(0.3);
  const restarted = Date.now();
  victim.start();
  await waitFor(() => victim.healthy(), `${victim.name} current in the JetStream cluster again`, 120_000, 250);
  out.natsRejoinedMs = Date.now() - restarted;
  say(`${seconds(restarted - t0)} s: ${victim.name} started again; current in the cluster after ${seconds(out.natsRejoinedMs)} s`);

  // --- PostgreSQL fails over: the primary stops (its last WAL reaches the standby), the standby is promoted
  await at(0.45);
  const oldPrimary = stack.primary()!;
  const standby = stack.standby()!;
  const failover = Date.now();
  oldPrimary.stop('fast');
  standby.promote();
  const probe = async () => {
    const client = new Client({ connectionString: stack.databaseUrl, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('CREATE TEMP TABLE failover_probe (at timestamptz); INSERT INTO failover_probe VALUES (now())');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await waitFor(async () => (await probe()) && (await fetch(`${stack.baseUrl}/health`).then((r) => r.status === 200, () => false)), 'a write through the read-write endpoint and every service healthy', 120_000, 200);
  out.pgFailoverMs = Date.now() - failover;
  say(`${seconds(failover - t0)} s: ${oldPrimary.name} stopped, ${standby.name} promoted; writes and every service back after ${seconds(out.pgFailoverMs)} s`);

  // --- a gateway dies
  await at(0.6);
  const gateway = stack.live('gateway')[0];
  await stack.kill(gateway);
  out.gatewayKilled = gateway.name;
  say(`${seconds(Date.now() - t0)} s: ${gateway.name} killed`);

  // --- one replica of every service, the pipeline worker's while it holds a job
  await at(0.7);
  const { proc: worker, inHand } = await pipelineWorkerMidJob(stack);
  out.pipelineJobsInHand = inHand;
  const victims = [worker, ...SERVICE_NAMES.filter((s) => s !== 'pipeline').map((s) => stack.live(s)[0])];
  await Promise.all(victims.map((p) => stack.kill(p)));
  out.replicasKilled = victims.map((p) => p.name);
  say(`${seconds(Date.now() - t0)} s: killed ${victims.map((p) => p.name).join(', ')} (${worker.name} holding ${inHand} job${inHand === 1 ? '' : 's'})`);
  await sleep(10_000);
  const started = Date.now();
  for (const p of victims) await stack.startProcess(p.kind);
  say(`  replacements ready after ${seconds(Date.now() - started)} s`);
}

interface CheckResult {
  problems: string[];
  info: string[];
  /** uploads not processed */
  lost: number;
}

async function checks(stack: ClusterStack, db: ReturnType<ClusterStack['database']>, jsm: JetStreamManager, uploads: Upload[], orders: PlacedOrder[], robotAcks: Map<string, number>): Promise<CheckResult> {
  const problems: string[] = [];
  const info: string[] = [];
  const ids = uploads.map((u) => u.imageId);
  const orderIds = orders.map((o) => o.id);

  // every upload processed exactly once
  const perImage = await db.query<{ id: string; status: string; versions: number; jobs: number; facts: number }>(
    `SELECT i.id, i.optimisation_status AS status,
            (SELECT count(*)::int FROM images.image_version v WHERE v.image_id::text = i.id::text AND v.kind = 'pipeline' AND v.reason = 'processing') AS versions,
            (SELECT count(*)::int FROM pipeline.pipeline_job j WHERE j.image_id::text = i.id::text AND j.status = 'processed') AS jobs,
            (SELECT count(*)::int FROM statistics.stat_image_processed s WHERE s.image_id::text = i.id::text) AS facts
       FROM images.image i WHERE i.id::text = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(perImage.map((r) => [r.id, r]));
  const lost = ids.filter((id) => byId.get(id)?.status !== 'completed');
  if (lost.length) problems.push(`${lost.length} uploads not processed: ${lost.slice(0, 5).join(', ')}`);
  const twice = perImage.filter((r) => r.status === 'completed' && (r.versions !== 1 || r.jobs !== 1 || r.facts !== 1));
  if (twice.length) problems.push(`${twice.length} pictures not processed exactly once (versions/jobs/statistics facts): ${twice.slice(0, 5).map((r) => `${r.id} ${r.versions}/${r.jobs}/${r.facts}`).join(', ')}`);

  // every order's counts and timeline
  const orderRows = await db.query<{ id: string; status: string; taken: number; uploaded: number; processed: number; images: number; events: Record<string, number> }>(
    `SELECT o.id, o.status, o.taken_images_count AS taken, o.uploaded_images_count AS uploaded, o.processed_images_count AS processed,
            (SELECT count(*)::int FROM images.image i WHERE i.order_id::text = o.id::text) AS images,
            (SELECT coalesce(jsonb_object_agg(e.event_name, e.n), '{}') FROM (SELECT event_name, count(*)::int AS n FROM orders.order_event WHERE order_id::text = o.id::text GROUP BY 1) e) AS events
       FROM orders.orders o WHERE o.id::text = ANY($1::text[])`,
    [orderIds],
  );
  const eventNames = new Map<string, number>();
  for (const o of orders) {
    const row = orderRows.find((r) => r.id === o.id);
    if (!row) {
      problems.push(`order ${o.name} is missing`);
      continue;
    }
    for (const [name, n] of Object.entries(row.events)) eventNames.set(name, Math.max(eventNames.get(name) ?? 0, n));
    if (row.images !== o.images.length || row.uploaded !== o.images.length || row.processed !== o.images.length) {
      problems.push(`order ${o.name}: ${row.images} pictures stored, ${row.uploaded} counted uploaded, ${row.processed} processed; the phone uploaded ${o.images.length}`);
    }
    const once = ['NEW', 'UPLOAD_COMPLETED', 'PROCESSING_COMPLETED'];
    if (o.complete) {
      for (const name of once) if (row.events[name] !== 1) problems.push(`order ${o.name}: ${row.events[name] ?? 0} ${name} events in its timeline`);
      const want = o.dealer.integration ? 'Completed' : 'Ready to download';
      if (row.status !== want) problems.push(`order ${o.name} is ${row.status}, not ${want}`);
    }
  }
  info.push(`timeline events (most of one name in an order): ${[...eventNames].map(([k, v]) => `${k} ${v}`).join(', ')}`);

  // every delivery once, with one receipt
  const delivered = orders.filter((o) => o.dealer.integration && o.complete);
  const messages = await db.query<{ order_id: string; integration_id: string; state: string; receipts: number }>(
    `SELECT m.order_id::text AS order_id, m.integration_id::text AS integration_id, m.state, (SELECT count(*)::int FROM delivery.delivery_receipt r WHERE r.message_id::text = m.id::text) AS receipts
       FROM delivery.delivery_message m WHERE m.order_id::text = ANY($1::text[])`,
    [orderIds],
  );
  for (const o of delivered) {
    const mine = messages.filter((m) => m.order_id === o.id);
    if (mine.length !== 1 || mine[0].state !== 'delivered' || mine[0].receipts !== 1) {
      problems.push(`order ${o.name}: ${mine.length} delivery messages (${mine.map((m) => `${m.state}, ${m.receipts} receipts`).join('; ')}), expected one delivered with one receipt`);
    }
  }
  const ftpOrders = delivered.filter((o) => o.dealer.integration?.kind === 'FTP');
  let ftpFiles = 0;
  for (const o of ftpOrders) {
    const folder = join(stack.ftp.root, o.dealer.integration!.path!.replace(/^\//, ''));
    const names = readdirSync(folder).filter((n) => n.startsWith(`${o.name}-`));
    ftpFiles += names.length;
    if (names.length !== o.images.length) problems.push(`order ${o.name}: ${names.length} files at the FTP server, expected ${o.images.length}`);
    for (const n of names) if (statSync(join(folder, n)).size === 0) problems.push(`order ${o.name}: ${n} is empty at the FTP server`);
  }
  const ackedTwice = [...robotAcks.values()].filter((n) => n > 1).length;
  info.push(`deliveries: ${delivered.length} orders (${ftpOrders.length} to FTP, ${ftpFiles} files; ${delivered.length - ftpOrders.length} to robots, ${ackedTwice} acknowledgements answered again after a refused send)`);

  // JetStream: nothing dead-lettered, nothing pending
  const dlq = await jsm.streams.info(STREAMS.DEADLETTER.name);
  if (dlq.state.messages > 0) problems.push(`the dead-letter stream holds ${dlq.state.messages} messages`);
  let states = await consumerStates(jsm);
  await waitFor(
    async () => {
      states = await consumerStates(jsm);
      return states.every((c) => c.pending === 0 && c.ackPending === 0);
    },
    'no JetStream message pending',
    120_000,
    1000,
  ).catch(() => undefined);
  const stuck = states.filter((c) => c.pending > 0 || c.ackPending > 0);
  if (stuck.length) problems.push(`JetStream messages pending: ${stuck.map((c) => `${c.stream}/${c.consumer} ${c.pending} pending, ${c.ackPending} unacknowledged`).join('; ')}`);
  const streams = await Promise.all((Object.keys(STREAMS) as Array<keyof typeof STREAMS>).map((k) => jsm.streams.info(STREAMS[k].name)));
  const notR3 = streams.filter((s) => s.config.num_replicas !== 3 || (s.cluster?.replicas ?? []).some((r) => !r.current));
  if (notR3.length) problems.push(`streams not at three current replicas: ${notR3.map((s) => s.config.name).join(', ')}`);
  info.push(`JetStream: ${streams.length} streams at R3, ${states.length} consumers, nothing pending, dead letters ${dlq.state.messages}`);
  return { problems, info, lost: lost.length };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dealer-cluster-test-'));
  const processErrors = new Map<string, number>();
  const stack = new ClusterStack({
    dir,
    env: {
      // a robot's pull whose answer was lost: its messages come back within a minute
      DELIVERY_ROBOT_LEASE_MS: '60000',
      // a job whose worker died is taken by another within 30 s
      PIPELINE_ACK_WAIT_MS: '30000',
    },
    onLog: (source) => {
      processErrors.set(source, (processErrors.get(source) ?? 0) + 1);
    },
  });
  const rec = new Recorder();
  let nc: NatsConnection | null = null;
  let db: ReturnType<ClusterStack['database']> | null = null;
  let failed = true;
  try {
    say(`cluster test: ${DEALERS} dealerships, ${STAFF} staff, ${SECONDS} s of load; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const booted = Date.now();
    await stack.start();
    say(`cluster up in ${seconds(Date.now() - booted)} s: 3 NATS servers (streams at R3), PostgreSQL ${stack.primary()?.name} primary + ${stack.standby()?.name} standby behind HAProxy, ${stack.live().length} product processes (2 of each)`);
    const dbClient = stack.database();
    db = dbClient;
    nc = await connect({ servers: stack.natsUrl.split(','), name: 'cluster-test', maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    const jsm = await nc.jetstreamManager();

    // --- the people
    const tag = Date.now().toString(36).slice(-4);
    const { accounts: staffRows } = await seedAccounts(stack.env, {
      accounts: Array.from({ length: STAFF + 1 }, (_, i) => ({
        email: i === 0 ? `admin-${tag}@cluster.test` : `staff${i}-${tag}@cluster.test`,
        displayName: i === 0 ? 'Cluster Admin' : `Staff ${i}`,
        userRole: 'Admin' as const,
        country: 'Denmark',
        password: PASSWORD,
      })),
    });
    const { accounts: dealerRows } = await seedAccounts(stack.env, {
      accounts: Array.from({ length: DEALERS }, (_, i) => ({
        email: `dealer${i}-${tag}@cluster.test`,
        displayName: `Cluster Dealership ${i}`,
        userRole: 'Dealership' as const,
        permissions: ['CREATE_ORDERS'],
        mobileAppAccess: true,
        enabledQa: true,
        country: 'Denmark',
        password: PASSWORD,
      })),
    });
    const { salesPeople } = await seedAccounts(stack.env, {
      salesPeople: dealerRows.map((d, i) => ({ userId: d.id, name: `Seller ${i}`, email: `seller${i}-${tag}@cluster.test`, phone: '+45 12 34 56 78' })),
    });
    const admin = new Api(stack.baseUrl, rec);
    await admin.signIn(staffRows[0].email, PASSWORD);
    const guide = await admin.call<{ id?: string }>('POST /style-guides', 'POST', '/style-guides', { name: `Cluster ${tag}`, outputWidth: 1600, outputHeight: 1200, maxImageSize: 800_000, frameFreeRouting: 'enhancer' });
    if (!guide.body?.id) throw new Error(`POST /style-guides answered ${guide.status}`);
    const robotKeys: Array<{ key: string }> = [];
    const dealers: Dealer[] = [];
    for (const [i, d] of dealerRows.entries()) {
      await admin.call('POST /style-guides/add-style-guide-to-user', 'POST', '/style-guides/add-style-guide-to-user', { userId: d.id, styleGuideId: guide.body.id });
      const dealer: Dealer = { index: i, id: d.id, email: d.email, salesPersonId: salesPeople[i].id };
      if (i % 3 === 0) {
        const path = `/dealer-${i}`;
        const ftp = await admin.call<{ id: string }>('POST /remote-integration', 'POST', '/remote-integration', {
          provider: 'DEALER_FTP',
          isActive: true,
          userId: d.id,
          Username: 'cluster',
          Password: 'Cluster-Ftp-2026!',
          settings: { host: '127.0.0.1', port: stack.ftp.port, path },
        });
        if (!ftp.body?.id) throw new Error(`the FTP integration answered ${ftp.status}`);
        dealer.integration = { id: ftp.body.id, kind: 'FTP', path };
      } else if (i % 3 === 1) {
        const robot = await admin.call<{ id: string }>('POST /remote-integration', 'POST', '/remote-integration', { provider: 'DELIVERY_ROBOT', isActive: true, userId: d.id });
        if (!robot.body?.id) throw new Error(`the robot integration answered ${robot.status}`);
        const key = await admin.call<{ key: string }>('POST /order-delivery-messages/robot-credentials/{id}', 'POST', `/order-delivery-messages/robot-credentials/${robot.body.id}`);
        if (!key.body?.key) throw new Error(`the robot key answered ${key.status}`);
        robotKeys.push({ key: key.body.key });
        dealer.integration = { id: robot.body.id, kind: 'ROBOT' };
      }
      dealers.push(dealer);
    }
    const photos = await carPhotos();
    const apis = new Map<string, Api>();
    for (const d of dealers) {
      const api = new Api(stack.baseUrl, rec);
      await api.signIn(d.email, PASSWORD);
      apis.set(d.id, api);
    }
    const staffApis: Api[] = [];
    for (const s of staffRows.slice(1)) {
      const api = new Api(stack.baseUrl, rec);
      await api.signIn(s.email, PASSWORD);
      staffApis.push(api);
    }
    const setupFailures = rec.failures.length;

    // --- the load, and the faults during it
    const out = { orders: [] as PlacedOrder[], uploads: [] as Upload[] };
    const t0 = Date.now();
    rec.t0 = t0;
    const loadEnds = t0 + SECONDS * 1000;
    let finished = false;
    const recoveries: Recoveries = { replicasKilled: [], notes: [] };
    const dealersDone = Promise.all(
      dealers.map((d) => dealerClient(d, apis.get(d.id)!, guide.body!.id!, photos, out, () => Date.now() > loadEnds, { pictures: PICTURES, photoPauseMs: 3000, carPauseMs: 8000 }, tag)),
    );
    const staffDone = Promise.all(
      staffApis.map((api, i) => staffClient(i, api, () => out.orders.filter((o) => o.dealer.index % STAFF === i), () => finished, 1500)),
    );
    const robots = robotKeys.map(({ key }) => robotClient(stack.baseUrl, key, rec, () => finished));
    await Promise.all([dealersDone, faults(stack, nc, admin, t0, recoveries)]);
    say(`${seconds(Date.now() - t0)} s: the load stops: ${out.uploads.length} uploads in ${out.orders.length} orders; the staff and robots finish`);

    // --- the drain: every picture processed, every order approved and delivered
    const drainStart = Date.now();
    await waitFor(
      async () => {
        const rows = await dbClient.query<{ n: number }>(`SELECT count(*)::int AS n FROM images.image WHERE id::text = ANY($1::text[]) AND optimisation_status = 'completed'`, [out.uploads.map((u) => u.imageId)]);
        if (rows[0].n !== out.uploads.length) return false;
        for (const o of out.orders) if (o.complete && (!o.approved || (o.dealer.integration && !o.enqueued))) await workOnOrder(admin, o);
        const open = out.orders.filter((o) => o.complete && (!o.approved || (o.dealer.integration && !o.enqueued)));
        if (open.length) return false;
        const waiting = await dbClient.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery.delivery_message WHERE order_id::text = ANY($1::text[]) AND state <> 'delivered'`, [
          out.orders.map((o) => o.id),
        ]);
        if (waiting[0].n > 0) return false;
        // a delivered order is Completed once the orders service has taken the deliveries' events
        const notDone = await dbClient.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders.orders WHERE id::text = ANY($1::text[]) AND status <> 'Completed'`,
          [out.orders.filter((o) => o.complete && o.dealer.integration).map((o) => o.id)],
        );
        const notReady = await dbClient.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders.orders WHERE id::text = ANY($1::text[]) AND status <> 'Ready to download'`,
          [out.orders.filter((o) => o.complete && !o.dealer.integration).map((o) => o.id)],
        );
        return notDone[0].n === 0 && notReady[0].n === 0;
      },
      'every upload processed, every order approved, delivered and Completed',
      DRAIN_MS,
      2000,
    ).catch((err: Error) => recoveries.notes.push(err.message));
    finished = true;
    await Promise.all([staffDone, ...robots.map((r) => r.done)]);
    say(`drained in ${seconds(Date.now() - drainStart)} s`);

    // --- the checks
    const acks = new Map<string, number>();
    for (const r of robots) for (const [id, n] of r.acked) acks.set(id, (acks.get(id) ?? 0) + n);
    const result = await checks(stack, dbClient, jsm, out.uploads, out.orders, acks);
    for (const line of result.info) say(line);
    for (const note of recoveries.notes) result.problems.push(note);

    const loadFailures = rec.failures.slice(setupFailures);
    const byRoute = new Map<string, number>();
    for (const f of loadFailures) byRoute.set(`${f.route} ${f.status}`, (byRoute.get(`${f.route} ${f.status}`) ?? 0) + 1);
    say(`requests: ${rec.requests}, sent again after a refusal: ${rec.retries}, failed for good: ${loadFailures.length}${byRoute.size ? ` (${[...byRoute].map(([k, v]) => `${k} x${v}`).join(', ')})` : ''}`);
    for (const f of loadFailures.slice(0, 10)) say(`  failed for good at ${seconds(f.at)} s: ${f.route} ${f.status} ${f.body.slice(0, 160)}`);
    const latency = (route: string) => {
      const list = (rec.latencies.get(route) ?? []).slice().sort((a, b) => a - b);
      return `${route} p50 ${percentile(list, 50).toFixed(0)} ms, p95 ${percentile(list, 95).toFixed(0)} ms`;
    };
    say(`latencies: ${['POST /images/get-signed-url-for-upload', 'GET /orders/get-orders', 'GET /orders/{id}', 'POST /robot/messages/pull'].map(latency).join('; ')}`);
    if (processErrors.size) {
      say(`error log lines by process (expected around the faults): ${[...processErrors].map(([k, v]) => `${k} ${v}`).join(', ')}`);
      for (const p of stack.processes.filter((x) => x.errors.length)) say(`  ${p.name}, first: ${p.errors[0].slice(0, 400)}`);
    }
    for (const p of result.problems) say(`PROBLEM: ${p}`);

    say(
      `cluster: ${out.uploads.length} uploads, ${result.lost} lost, ${loadFailures.length} failed requests of ${rec.requests}, ` +
        `NATS server killed (recovered in ${seconds(recoveries.natsRecoveredMs ?? NaN)} s), PostgreSQL failed over in ${seconds(recoveries.pgFailoverMs ?? NaN)} s, ` +
        `gateway killed, ${recoveries.replicasKilled.length} replicas killed`,
    );
    failed = result.problems.length > 0 || out.uploads.length === 0;
  } catch (err) {
    say(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    for (const p of stack.processes.filter((x) => x.errors.length)) say(`${p.name}:\n  ${p.errors.slice(-3).join('\n  ')}`);
  } finally {
    await nc?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await stack.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  say(failed ? 'cluster test FAILED' : 'cluster test passed');
  process.exit(failed ? 1 : 0);
}

void main();
