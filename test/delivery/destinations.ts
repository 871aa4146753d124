import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Destinations the deliverers write to in tests: a real FTP(S) server (`startFtpServer` of
 * `@app/testing`, which the delivery benchmark uses too), azurite and a receiving API.
 */
export { startFtpServer, type TestFtpServer } from '@app/testing';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A self-signed certificate for 127.0.0.1, made with openssl in a temporary folder. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ftps-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The well-known development account of azurite. */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface TestAzurite {
  port: number;
  connectionString: string;
  close(): Promise<void>;
}

/** azurite's blob server as a child process, in memory, on a free port. */
export async function startAzurite(): Promise<TestAzurite> {
  const port = await freePort();
  const location = mkdtempSync(join(tmpdir(), 'azurite-'));
  const child: ChildProcess = spawn(
    join(__dirname, '../../node_modules/.bin/azurite-blob'),
    ['--blobHost', '127.0.0.1', '--blobPort', String(port), '--inMemoryPersistence', '--skipApiVersionCheck', '--loose', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: location },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/${AZURITE_ACCOUNT}?comp=list`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`azurite did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:${port}/${AZURITE_ACCOUNT};`,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      rmSync(location, { recursive: true, force: true });
    },
  };
}

export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: string;
  /** whether X-Signature is the HMAC of "<X-Timestamp>.<body>" under the secret */
  signatureValid: boolean;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /** the statuses of the next answers, in order; 200 once they are used up */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

/** A receiving API on a free port that checks each request's signature as a receiver should. */
export async function startReceiver(secret: string): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', secret).update(`${req.headers['x-timestamp']}.${body}`).digest('hex')}`;
      const sent = String(req.headers['x-signature'] ?? '');
      const signatureValid = sent.length === expected.length && timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
      received.push({ headers: req.headers, body, signatureValid });
      const status = signatureValid ? (statuses.shift() ?? 200) : 401;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status, note: status === 200 ? 'stored' : 'not now' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/photos`,
    received,
    answerWith: (...s) => statuses.push(...s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
