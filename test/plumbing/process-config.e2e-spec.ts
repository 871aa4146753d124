import { loadConfig } from '@app/config';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ImagesConfig } from '../../services/images/src/images.config';
import { OrdersConfig } from '../../services/orders/src/orders.config';
import { StyleGuidesConfig } from '../../services/style-guides/src/style-guides.config';
import { UsersConfig } from '../../services/users/src/users.config';

const root = join(__dirname, '..', '..');
const dist = (p: string) => join(root, 'dist', p);

/** Runs a built entry point with only the given environment (plus PATH). */
function run(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [dist(entry)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20000,
  });
}

describe('a process with a missing or wrong variable', () => {
  beforeAll(() => {
    if (!existsSync(dist('gateway/src/main.js'))) {
      throw new Error('dist/ is missing: run `npm run build:server` first (make test does)');
    }
  });

  it('a service refuses to start and names the missing variable', () => {
    const res = run('services/orders/src/main.js', {});
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('orders refuses to start');
    expect(res.stderr).toContain('DATABASE_URL is missing');
  });

  it('a storage service names each missing S3 variable', () => {
    const res = run('services/images/src/main.js', { DATABASE_URL: 'postgres://postgres@127.0.0.1/x' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('S3_ENDPOINT is missing');
    expect(res.stderr).toContain('S3_ACCESS_KEY is missing');
  });

  it('the images service refuses to start without a working ffmpeg, naming FFMPEG_PATH and the install command', () => {
    const res = run('services/images/src/main.js', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1/x',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    });
    expect(res.status).toBe(1);
    const said = `${res.stdout}${res.stderr}`;
    expect(said).toContain('FFMPEG_PATH: \\"/nonexistent/ffmpeg\\" was not found');
    expect(said).toContain('apt-get install -y ffmpeg');
  });

  it('the delivery service refuses to start with PUSH_PROVIDER=fcm and no service account, naming both variables', () => {
    const storage = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
    const missing = run('services/delivery/src/main.js', { ...storage, PUSH_PROVIDER: 'fcm' });
    expect(missing.status).toBe(1);
    expect(`${missing.stdout}${missing.stderr}`).toContain('PUSH_PROVIDER is fcm: set FCM_SERVICE_ACCOUNT_JSON');
    const broken = run('services/delivery/src/main.js', { ...storage, PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: '{"project_id": "p"}' });
    expect(broken.status).toBe(1);
    expect(`${broken.stdout}${broken.stderr}`).toContain('FCM_SERVICE_ACCOUNT_JSON has no client_email');
    const wrong = run('services/delivery/src/main.js', { ...storage, PUSH_PROVIDER: 'apns' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('PUSH_PROVIDER has a wrong value "apns"');
  });

  it('a service and the gateway refuse a trace exporter they do not know, naming the variable and the values it takes', () => {
    for (const [entry, name] of [
      ['services/orders/src/main.js', 'orders'],
      ['gateway/src/main.js', 'gateway'],
    ] as const) {
      const res = run(entry, { OTEL_TRACES_EXPORTER: 'jaeger' });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`${name} refuses to start: OTEL_TRACES_EXPORTER has a wrong value "jaeger": must be otlp, console or none`);
    }
  });

  it('a service refuses a yes/no variable it cannot read, naming the words it takes', () => {
    const res = run('services/orders/src/main.js', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1/x',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      SEED_DEMO_DATA: 'maybe',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('orders refuses to start');
    expect(res.stderr).toContain('SEED_DEMO_DATA has a wrong value "maybe": must be true, false, 1, 0, yes or no');
  });

  it('the gateway names a wrong value', () => {
    const res = run('gateway/src/main.js', { PORT: 'eighty' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('gateway refuses to start');
    expect(res.stderr).toMatch(/PORT has a wrong value "eighty"/);
  });
});

describe('yes/no variables of the services', () => {
  const storage = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
  const users = { DATABASE_URL: 'postgres://postgres@127.0.0.1/x', SMTP_URL: 'smtp://127.0.0.1:1025', INTEGRATION_SECRET_KEY: 'ab'.repeat(32) };
  const seeds = (value: string) => [
    loadConfig(UsersConfig, { ...users, SEED_DEMO_DATA: value }).SEED_DEMO_DATA,
    loadConfig(StyleGuidesConfig, { ...storage, SEED_DEMO_DATA: value }).SEED_DEMO_DATA,
    loadConfig(OrdersConfig, { ...storage, SEED_DEMO_DATA: value }).SEED_DEMO_DATA,
    loadConfig(ImagesConfig, { ...storage, SEED_DEMO_DATA: value }).SEED_DEMO_DATA,
  ];

  it('SEED_DEMO_DATA=false, =0 or =no leaves the demo data off in every service; true, 1 or yes turns it on', () => {
    for (const off of ['false', '0', 'no', 'FALSE']) expect([off, seeds(off)]).toEqual([off, [false, false, false, false]]);
    for (const on of ['true', '1', 'yes']) expect([on, seeds(on)]).toEqual([on, [true, true, true, true]]);
  });

  it('ACCOUNT_SEEDING=false or =0 leaves the seeding call off', () => {
    expect(['false', '0', 'true'].map((v) => loadConfig(UsersConfig, { ...users, ACCOUNT_SEEDING: v }).ACCOUNT_SEEDING)).toEqual([false, false, true]);
  });
});

describe('users create-admin: the first admin of a new installation', () => {
  it('creates an admin on a temporary password once, then refuses the same e-mail', async () => {
    const { createTestDatabase } = await import('@app/testing');
    const db = await createTestDatabase('create_admin');
    try {
      const env = {
        DATABASE_URL: db.url,
        SMTP_URL: 'smtp://127.0.0.1:1025',
        INTEGRATION_SECRET_KEY: 'ab'.repeat(32),
        PASSWORD_HASH_COST: '11',
      };
      const first = spawnSync(process.execPath, [dist('services/users/src/main.js'), 'create-admin', 'Root@Example.test'], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        timeout: 30000,
      });
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/Admin root@example.test created\. Temporary password: \S{14}/);
      // its accountSaved waits in the outbox for the users service's relay
      const saved = await db.query<{ payload: Record<string, unknown> }>(`SELECT payload FROM users.outbox WHERE subject = 'evt.users.account-saved'`);
      expect(saved.map((r) => r.payload)).toEqual([
        { userId: expect.any(String), userRole: 'Admin', displayName: 'Administrator', email: 'root@example.test', createdAt: expect.any(String), at: expect.any(String) },
      ]);
      const again = spawnSync(process.execPath, [dist('services/users/src/main.js'), 'create-admin', 'root@example.test'], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        timeout: 30000,
      });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');
    } finally {
      await db.drop();
    }
  });
});

describe('NATS_STREAM_REPLICAS on a single NATS server', () => {
  it('a service asked for three copies of each stream refuses to start, naming the variable', async () => {
    const { createTestDatabase, createTestNamespace, testInfra } = await import('@app/testing');
    const db = await createTestDatabase('stream_replicas');
    const ns = createTestNamespace('stream_replicas');
    try {
      const res = spawnSync(process.execPath, [dist('services/statistics/src/main.js')], {
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, NATS_URL: testInfra.natsUrl, NATS_NAMESPACE: ns.prefix, NATS_STREAM_REPLICAS: '3' },
        encoding: 'utf8',
        timeout: 30000,
      });
      expect(res.status).toBe(1);
      expect(`${res.stdout}${res.stderr}`).toContain('NATS_STREAM_REPLICAS is 3 but the NATS server is not part of a cluster');
    } finally {
      await ns.cleanup();
      await db.drop();
    }
  });
});
