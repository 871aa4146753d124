import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';

/** A real FTP(S) server for the deliverers' tests, the delivery faults and the delivery benchmark. */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child() {
    return quiet;
  },
};

export interface TestFtpServer {
  port: number;
  /** the folder the FTP user's `/` is */
  root: string;
  /** the next upload is cut after this many bytes: the control and data connections are destroyed mid-file */
  dropNextUploadAfter(bytes: number): void;
  /** logins wait (the client sees a slow server) until the function answered is called */
  holdLogins(): () => void;
  close(): Promise<void>;
}

/** ftp-srv on a free port with a temporary root; one user with this password; FTPS (explicit) with `tls`. */
export async function startFtpServer(opts: { user: string; password: string; tls?: { key: string; cert: string } }): Promise<TestFtpServer> {
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'ftp-root-'));
  const pasvMin = 20000 + Math.floor(Math.random() * 20000);
  let dropAfter: number | null = null;
  let held: Promise<void> | null = null;

  class DroppingFileSystem extends FileSystem {
    override write(fileName: string, options?: { append?: boolean; start?: unknown }) {
      const written = super.write(fileName, options) as { stream: NodeJS.WritableStream; clientPath: string };
      if (dropAfter === null) return written;
      const limit = dropAfter;
      dropAfter = null;
      const connection = this.connection as FtpConnection & { commandSocket: { destroy(): void }; connector: { socket?: { destroy(): void } } };
      const file = written.stream as NodeJS.WritableStream & { path: string };
      let seen = 0;
      const cutting = new Writable({
        write(chunk: Buffer, _enc, done) {
          const room = limit - seen;
          seen += chunk.length;
          if (room > 0) file.write(chunk.subarray(0, room));
          if (seen >= limit) {
            file.end();
            connection.connector.socket?.destroy();
            connection.commandSocket.destroy();
          }
          done();
        },
      });
      Object.assign(cutting, { path: file.path });
      return { stream: cutting, clientPath: written.clientPath };
    }
  }

  // ftp-srv listens to SIGTERM, SIGINT and SIGQUIT itself and then exits the whole process: a
  // runner holding this server (the cluster, a benchmark) would be cut off mid-stop. Its listeners
  // are taken off again; whoever holds the server closes it.
  const quitSignals = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;
  const before = new Map(quitSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: pasvMin,
    pasv_max: pasvMin + 200,
    anonymous: false,
    greeting: 'test ftp',
    tls: opts.tls ?? false,
    log: quiet,
  } as ConstructorParameters<typeof FtpSrv>[0]);
  for (const signal of quitSignals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  server.on('login', async ({ connection, username, password }, resolve, reject) => {
    if (held) await held;
    if (username === opts.user && password === opts.password) resolve({ fs: new DroppingFileSystem(connection, { root, cwd: '/' }) });
    else reject(new Error('Invalid username or password'));
  });
  server.on('client-error', () => undefined);
  await server.listen();
  return {
    port,
    root,
    holdLogins: () => {
      let release!: () => void;
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
    dropNextUploadAfter: (bytes) => {
      dropAfter = bytes;
    },
    close: async () => {
      await server.close().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

