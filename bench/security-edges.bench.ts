import 'reflect-metadata';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { loadavg } from 'node:os';
import { AUTH_MESSAGES } from '@app/contracts';
import { OUTBOUND_REFUSED_MESSAGE } from '@app/outbound';
import { seedAccounts } from '@app/seeding';
import { createTestDatabase, createTestNamespace, requestFrom, startTestS3, testInfra, waitFor, type ClientAnswer } from '@app/testing';
import { Client as MinioClient } from 'minio';
import { Client } from 'pg';
import { benchProcessEnv, fmt, freePort, percentile, startProcess, stopProcess } from './bench-utils';

/**
 * The edges of trust, measured on the product as processes (gateway, users and delivery
 * services, each its own process on a database, NATS namespace and S3 of its own): the
 * hostile tries an outside review makes, counted, with what held. It prints one line per
 * probe (what was tried, how many, what answered) and exits 1 when one did not hold.
 *
 * Clients are told apart by their own loopback address (127.0.0.2 …); 127.0.0.1 is the
 * proxy the gateway is told to trust, so its X-Forwarded-For stands for a client behind an
 * ingress. BENCH_ROBOT_KEYS and BENCH_TIMING_SAMPLES change the sizes.
 */

const PASSWORD = 'Probe-Pass-2026!';
const WRONG = 'Wrong-Pass-2026!';
const ROBOT_KEYS = Number(process.env.BENCH_ROBOT_KEYS ?? 600);
const TIMING_SAMPLES = Number(process.env.BENCH_TIMING_SAMPLES ?? 40);

type Answer = ClientAnswer;

interface Probe {
  probe: string;
  tried: number;
  answered: string;
  held: boolean;
}

const results: Probe[] = [];
function record(probe: string, tried: number, answered: string, held: boolean): void {
  results.push({ probe, tried, answered, held });
  console.log(`${held ? 'held  ' : 'FAILED'}  ${probe}: ${tried} tried; ${answered}`);
}

function tally(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`).join(', ');
}

const median = (xs: number[]): number => percentile([...xs].sort((a, b) => a - b), 50);

/** A TCP listener inside the network that counts who reaches it: none may. */
async function insideListener(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end('220 inside\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

async function main(): Promise<void> {
  const db = await createTestDatabase('bench_security');
  const ns = createTestNamespace('bench_security');
  const s3 = await startTestS3();
  const inside = await insideListener();
  const port = await freePort();
  const env = benchProcessEnv({ databaseUrl: db.url, natsUrl: testInfra.natsUrl, namespace: ns.prefix, s3 }, port, {
    TRUSTED_PROXIES: '127.0.0.1',
    DELIVERY_TEST_TIMEOUT_MS: '4000',
  });
  const base = `http://127.0.0.1:${port}/api`;
  const processes = [startProcess('gateway', 'gateway/src/main.js', env)];
  const pg = new Client({ connectionString: db.url });

  /** One request from a chosen local address (a client of its own). */
  const send = (method: string, path: string, opts: { from?: string; headers?: Record<string, string>; body?: object; token?: string } = {}): Promise<Answer> =>
    requestFrom(port, method, `/api${path}`, opts);
  const login = (email: string, password: string, opts: { from?: string; headers?: Record<string, string> } = {}) =>
    send('POST', '/auth/login', { ...opts, body: { email, password } });

  try {
    for (const name of ['users', 'delivery']) {
      processes.push(startProcess(name, `services/${name}/src/main.js`, env));
      await waitFor(async () => (await fetch(`${base}/health/services/${name}`).catch(() => null))?.status === 200, `the ${name} service`, 90_000, 250);
    }
    await pg.connect();
    const seeded = await seedAccounts(env, {
      accounts: [
        { email: 'admin@probe.test', displayName: 'Probe Admin', userRole: 'Admin', country: 'Denmark', password: PASSWORD },
        ...Array.from({ length: 8 }, (_, i) => ({
          email: `dealer${i}@probe.test`,
          displayName: `Probe Dealership ${i}`,
          userRole: 'Dealership' as const,
          country: 'Denmark',
          password: PASSWORD,
          mobileAppAccess: i !== 7,
        })),
        // one e-mail a forgot-password sample: each e-mail may ask for 5 codes a window
        ...Array.from({ length: TIMING_SAMPLES }, (_, i) => ({
          email: `reset${i}@probe.test`,
          displayName: `Probe Reset ${i}`,
          userRole: 'Dealership' as const,
          country: 'Denmark',
          password: PASSWORD,
        })),
      ],
    });
    const [adminAccount, ...rest] = seeded.accounts;
    const dealers = rest.slice(0, 8);
    const resetAccounts = rest.slice(8);
    const admin = (await login(adminAccount.email, PASSWORD)).body.accessToken as string;

    // --- 1. integrations cannot reach the inside ---------------------------------------------
    const spellings = ['127.0.0.1', 'localhost', '0.0.0.0', '[::1]', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '169.254.169.254', '10.0.0.8', '100.64.0.1', '[::ffff:127.0.0.1]', '[fe80::1]'];
    const saves: Answer[] = [];
    for (const host of spellings) {
      for (const [provider, settings] of [
        ['GENERIC_FTP', { host, port: inside.port }],
        ['WEBHOOK_API', { endpointUrl: `http://${host}:${inside.port}/hooks`, signingSecret: 's' }],
        ['S3_BUCKET', { endpoint: `http://${host}:${inside.port}`, bucket: 'photos' }],
        ['AZURE_BLOB', { accountUrl: `http://${host}:${inside.port}/devstoreaccount1`, container: 'photos' }],
      ] as const) {
        saves.push(await send('POST', '/remote-integration', { token: admin, body: { provider, isActive: true, userId: dealers[0].id, Username: 'u', Password: 'p', settings } }));
      }
    }
    const refusedSaves = saves.filter((a) => a.status === 400 && a.body.message === OUTBOUND_REFUSED_MESSAGE).length;
    record(`an integration saved with an internal address (${spellings.length} spellings × FTP, webhook, S3, Azure)`, saves.length, tally(saves), refusedSaves === saves.length);

    // integrations saved before the policy, pointing inside: test connection refuses, connects nowhere
    const tests: Answer[] = [];
    for (const [provider, good, bad] of [
      ['GENERIC_FTP', { host: 'ftp.example.com', port: 21 }, { host: '127.0.0.1', port: inside.port }],
      ['WEBHOOK_API', { endpointUrl: 'https://hooks.example.com/in', signingSecret: 's' }, { endpointUrl: `http://2130706433:${inside.port}/in`, signingSecret: 's' }],
      ['S3_BUCKET', { endpoint: 'https://s3.example.com', bucket: 'photos' }, { endpoint: `http://127.1:${inside.port}`, bucket: 'photos' }],
      ['AZURE_BLOB', { accountUrl: 'https://acct.blob.core.windows.net', container: 'photos' }, { accountUrl: `http://[::ffff:127.0.0.1]:${inside.port}/devstoreaccount1`, container: 'photos' }],
    ] as const) {
      const created = await send('POST', '/remote-integration', { token: admin, body: { provider, isActive: true, userId: dealers[1].id, Username: 'u', Password: 'p', settings: good } });
      if (created.status !== 201) throw new Error(`creating a ${provider} integration answered ${created.status} ${created.text}`);
      await pg.query('UPDATE users.remote_integration SET settings = $2 WHERE id = $1', [created.body.id, JSON.stringify(bad)]);
      tests.push(await send('POST', `/remote-integration/${String(created.body.id)}/test-connection`, { token: admin }));
    }
    const refusedTests = tests.filter((a) => a.body.ok === false && a.body.message === OUTBOUND_REFUSED_MESSAGE).length;
    record('a test connection of a stored integration pointing inside (FTP, webhook, S3, Azure)', tests.length, `${refusedTests} refused with the policy's text`, refusedTests === tests.length);
    record('connections that reached the listener inside', saves.length + tests.length, `${inside.connections()} connections`, inside.connections() === 0);

    // --- 2. sign-in limits -------------------------------------------------------------------
    const burst = await Promise.all(Array.from({ length: 16 }, () => login(dealers[2].email, WRONG, { from: '127.0.0.2' })));
    record('16 wrong passwords at once for one e-mail from one client', 16, tally(burst), burst.filter((a) => a.status === 401).length <= 5);

    const owner = await login(dealers[2].email, PASSWORD, { from: '127.0.0.3' });
    record('the owner signing in from another client while the guesser is locked', 1, tally([owner]), owner.status === 200);

    const forwarded: Answer[] = [];
    for (let i = 0; i < 32; i++) forwarded.push(await login(`nobody-${i}@probe.test`, WRONG, { from: '127.0.0.4', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } }));
    const firstRefusal = forwarded.findIndex((a) => a.status === 429);
    record('32 sign-ins from a direct client, each with a new X-Forwarded-For', 32, `${tally(forwarded)}; the first 429 at attempt ${firstRefusal + 1}`, firstRefusal >= 0);

    // forgot-password: the same answer in the same time for a known and an unknown e-mail
    const timed = async (email: string): Promise<number> => {
      const t0 = process.hrtime.bigint();
      const res = await send('POST', '/auth/forgot-password', { from: `127.0.1.${1 + (timedCount++ % 200)}`, body: { email } });
      if (res.status !== 200) throw new Error(`forgot-password answered ${res.status} ${res.text}`);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    let timedCount = 0;
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < TIMING_SAMPLES; i++) {
      knownMs.push(await timed(resetAccounts[i].email));
      unknownMs.push(await timed(`ghost-${i}@probe.test`));
    }
    const resetRatio = median(knownMs) / median(unknownMs);
    record(
      `forgot-password timing, known against unknown e-mail (${TIMING_SAMPLES} interleaved pairs)`,
      2 * TIMING_SAMPLES,
      `median ${fmt(median(knownMs), 1)} ms against ${fmt(median(unknownMs), 1)} ms, ratio ${fmt(resetRatio, 2)}`,
      resetRatio > 0.67 && resetRatio < 1.5,
    );

    // --- 3. robot keys -----------------------------------------------------------------------
    const robot = await send('POST', '/remote-integration', { token: admin, body: { provider: 'DELIVERY_ROBOT', isActive: true, userId: dealers[6].id } });
    const key = (await send('POST', `/order-delivery-messages/robot-credentials/${String(robot.body.id)}`, { token: admin })).body.key as string;
    const [keyId] = key.split('.');
    const pull = (robotKey: string, from: string) => send('POST', '/robot/messages/pull', { from, headers: { 'x-robot-key': robotKey }, body: {} });
    const wrongKeys: Answer[] = [];
    for (let i = 0; i < ROBOT_KEYS; i++) wrongKeys.push(await pull(`${i % 2 ? keyId : '00000000-0000-4000-8000-000000000000'}.wrong-secret-${i}`, '127.0.0.5'));
    const unlockedAnswers = wrongKeys.filter((a) => a.status === 401).length;
    record(`${ROBOT_KEYS} wrong X-Robot-Key values from one client`, ROBOT_KEYS, tally(wrongKeys), unlockedAnswers <= 20 && wrongKeys.every((a) => a.status !== 429 || a.headers['retry-after'] !== undefined));
    const rightElsewhere = await pull(key, '127.0.0.6');
    record('the right robot key from another client meanwhile', 1, tally([rightElsewhere]), rightElsewhere.status === 200);
    // a known key id against an unknown one, from clients of their own (each below the limit)
    const knownIdMs: number[] = [];
    const unknownIdMs: number[] = [];
    for (let i = 0; i < TIMING_SAMPLES; i++) {
      for (const [id, into] of [
        [keyId, knownIdMs],
        ['00000000-0000-4000-8000-000000000000', unknownIdMs],
      ] as const) {
        const t0 = process.hrtime.bigint();
        const res = await pull(`${id}.wrong-secret`, `127.0.2.${1 + (i % 200)}`);
        into.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status !== 401) throw new Error(`a wrong robot key answered ${res.status}`);
      }
    }
    const keyRatio = median(knownIdMs) / median(unknownIdMs);
    record(
      `robot key timing, known against unknown key id (${TIMING_SAMPLES} interleaved pairs)`,
      2 * TIMING_SAMPLES,
      `median ${fmt(median(knownIdMs), 2)} ms against ${fmt(median(unknownIdMs), 2)} ms, ratio ${fmt(keyRatio, 2)}`,
      keyRatio > 0.67 && keyRatio < 1.5,
    );

    // --- 4. mobile app access ----------------------------------------------------------------
    const mobile = await login(dealers[7].email, PASSWORD, { from: '127.0.0.7', headers: { 'x-client-app': 'mobile' } });
    const web = await login(dealers[7].email, PASSWORD, { from: '127.0.0.7' });
    const device = await send('POST', '/mobile/device-tokens', { from: '127.0.0.7', token: web.body.accessToken as string, body: { token: 'probe-phone', platform: 'android' } });
    record(
      'an account without mobile app access: mobile sign-in, then device registration with a web token',
      2,
      tally([mobile, device]),
      mobile.status === 403 && mobile.body.message === AUTH_MESSAGES.noMobileAppAccess && device.status === 403,
    );

    // --- 5. the HTTP edge --------------------------------------------------------------------
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u0000b\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
    });
    const rawBody = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    let nulHeld = false;
    try {
      const parsed = JSON.parse(rawBody) as { statusCode?: unknown; message?: unknown };
      nulHeld = raw.startsWith('HTTP/1.1 400') && parsed.statusCode === 400 && typeof parsed.message === 'string';
    } catch {
      nulHeld = false;
    }
    record('a NUL byte in the Authorization header', 1, raw.split('\r\n')[0] + (nulHeld ? ' with { statusCode, message }' : ` body ${JSON.stringify(rawBody.slice(0, 60))}`), nulHeld);

    const anonymousPing = await send('GET', '/health/services/users', { from: '127.0.0.9' });
    const live = await send('GET', '/health/live', { from: '127.0.0.9' });
    const revealed = /instance|uptime/.test(anonymousPing.text + live.text);
    record('anonymous health calls (one service, the gateway)', 2, `${tally([anonymousPing, live])}, ${revealed ? 'instance or uptime shown' : 'no instance id or uptime'}`, !revealed);

    const page = await send('GET', '/health', { from: '127.0.0.9' });
    const wanted = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
    const missing = wanted.filter((h) => page.headers[h] === undefined);
    record('security headers on an API answer', wanted.length, missing.length ? `missing ${missing.join(', ')}` : `all present (${String(page.headers['content-security-policy'])})`, missing.length === 0);

    // --- 6. the embedded S3's public default key ---------------------------------------------
    const url = new URL(s3.endpoint);
    const defaultKey = new MinioClient({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' });
    const s3Answers: string[] = [];
    for (const call of [() => defaultKey.listObjectsV2(s3.bucket, '', true).toArray(), () => defaultKey.putObject(s3.bucket, 'probe/default-key.txt', Buffer.from('x')), () => defaultKey.statObject(s3.bucket, 'probe/default-key.txt')]) {
      try {
        await call();
        s3Answers.push('accepted');
      } catch (err) {
        s3Answers.push((err as { code?: string }).code ?? 'refused');
      }
    }
    record("S3 calls signed with s3rver's public default key (list, put, stat)", 3, s3Answers.join(', '), s3Answers.every((a) => a !== 'accepted'));

    const held = results.filter((r) => r.held).length;
    console.log(`\nsecurity edges: ${results.reduce((n, r) => n + r.tried, 0)} requests in ${results.length} probes; ${held} of ${results.length} held (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    if (held !== results.length) process.exitCode = 1;
  } finally {
    await pg.end().catch(() => undefined);
    await Promise.all(processes.map((p) => stopProcess(p)));
    await new Promise<void>((resolve) => inside.server.close(() => resolve()));
    await ns.cleanup();
    await s3.close();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
