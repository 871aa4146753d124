import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { DeviceOutcome, PushMessage, PushProvider } from './push-provider';

/** One captured notification: FCM's request body for one device, and when it was captured. */
export interface CapturedPush {
  message: { token: string; notification: { title: string; body: string }; data: Record<string, string> };
  capturedAt: string;
}

/**
 * Sends nothing: every notification is written, one JSON file per device
 * (`<time>-<random>.json`, sortable by arrival), into PUSH_CAPTURE_DIR and announced in one
 * log line, as the SMTP capture keeps mails in `.data/mail/`. The file holds what FCM would
 * have been sent for that device. The folder is made at the first notification.
 */
export class CapturePushProvider implements PushProvider {
  readonly name = 'capture' as const;
  private readonly dir: string;

  constructor(
    dir: string,
    private readonly logger: Logger,
  ) {
    this.dir = resolve(dir);
  }

  async send(message: PushMessage, tokens: readonly string[]): Promise<DeviceOutcome[]> {
    await mkdir(this.dir, { recursive: true });
    const outcomes: DeviceOutcome[] = [];
    for (const token of tokens) {
      const captured: CapturedPush = {
        message: { token, notification: { title: message.title, body: message.body }, data: message.data },
        capturedAt: new Date().toISOString(),
      };
      // colons are left out of the time so that the name is valid on every file system
      const name = `${captured.capturedAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = join(this.dir, name);
      // written aside, then renamed: a reader never sees half a file
      await writeFile(`${file}.part`, `${JSON.stringify(captured, null, 2)}\n`);
      await rename(`${file}.part`, file);
      this.logger.info({ file, title: message.title, orderId: message.data.orderId }, `push notification captured: ${message.title}`);
      outcomes.push({ token, result: 'sent' });
    }
    return outcomes;
  }
}

/** The notifications captured in a folder so far, oldest first (for tests and for a look by hand). */
export async function readCapturedPushes(dir: string): Promise<CapturedPush[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as CapturedPush));
}
