import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export const DEFAULT_SMTP_CAPTURE_PORT = 1025;

/** What is known of a captured mail the moment it arrives. */
export interface CapturedMailNotice {
  from: string;
  to: string[];
  subject: string;
  /** path of the stored .eml file */
  file: string;
}

export interface SmtpCaptureOptions {
  /** where the .eml files go */
  dir: string;
  port?: number;
  host?: string;
  /** called for each stored mail; by default one JSON line on stdout */
  onMail?: (mail: CapturedMailNotice) => void;
}

export interface SmtpCapture {
  /** smtp://host:port, for SMTP_URL */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** Largest message accepted: mails of the product are small; this only stops runaways. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

function addressesOf(list: SMTPServerAddress[] | false): string[] {
  return list ? list.map((a) => a.address) : [];
}

/**
 * A local SMTP server for development that delivers nothing: every mail it receives is
 * stored as an `.eml` file (`<time>-<random>.eml`, sortable by arrival) and announced in one
 * log line. No authentication, no TLS, loopback only. The envelope is kept in the file as
 * `Return-Path` and `X-Envelope-To` headers, so Bcc recipients are visible too.
 */
export async function startSmtpCapture(opts: SmtpCaptureOptions): Promise<SmtpCapture> {
  const dir = resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const host = opts.host ?? '127.0.0.1';
  const onMail =
    opts.onMail ??
    ((mail: CapturedMailNotice) =>
      process.stdout.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), name: 'smtp-capture', msg: 'mail captured', ...mail })}\n`));

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    banner: 'development mail capture: nothing is delivered',
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = addressesOf(session.envelope.rcptTo);
        const envelope = `Return-Path: <${from}>\r\nX-Envelope-To: ${to.join(', ')}\r\n`;
        const raw = Buffer.concat([Buffer.from(envelope), ...chunks]);
        // colons are left out of the time so that the name is valid on every file system
        const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        const file = join(dir, name);
        // written under another name first, so readers never see half a mail
        writeFile(`${file}.part`, raw)
          .then(() => rename(`${file}.part`, file))
          .then(() => {
            const parsed = parseMail(raw.toString('utf8'));
            onMail({ from: parsed.from || from, to, subject: parsed.subject, file });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });

  const port = await new Promise<number>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? DEFAULT_SMTP_CAPTURE_PORT, host, () => {
      server.removeListener('error', fail);
      const address = server.server.address();
      done(typeof address === 'object' && address ? address.port : (opts.port ?? DEFAULT_SMTP_CAPTURE_PORT));
    });
  });
  // errors of single connections must not end the process
  server.on('error', () => undefined);

  return {
    url: `smtp://${host}:${port}`,
    port,
    dir,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A captured mail, read back from its .eml file. */
export interface CapturedMail {
  file: string;
  /** address of the sender (From header, else the envelope sender) */
  from: string;
  /** addresses of the recipients (the envelope's, else the To and Cc headers) */
  to: string[];
  subject: string;
  /** the plain text body (from the HTML part, tags removed, when there is no text part) */
  text: string;
  date: Date;
}

/**
 * Every mail captured in `dir`, oldest first. Tests use it to read codes out of mails;
 * `readCapturedMails(dir).then((all) => all.filter((m) => m.to.includes(email)))`.
 */
export async function readCapturedMails(dir: string): Promise<CapturedMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mails: CapturedMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const file = join(dir, name);
    const parsed = parseMail(await readFile(file, 'utf8'));
    const date = parsed.date ?? (await stat(file)).mtime;
    mails.push({ file, from: parsed.from, to: parsed.to, subject: parsed.subject, text: parsed.text, date });
  }
  return mails;
}

// ---- a small MIME reader: enough for the mails this product sends (nodemailer output) ----

type Headers = Map<string, string>;

interface ParsedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  date?: Date;
}

function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitMessage(raw);
  const envelopeTo = headers.get('x-envelope-to');
  const to = envelopeTo ? addressList(envelopeTo) : [...addressList(headers.get('to') ?? ''), ...addressList(headers.get('cc') ?? '')];
  const from = addressList(headers.get('from') ?? '')[0] ?? addressList(headers.get('return-path') ?? '')[0] ?? '';
  const dateHeader = headers.get('date');
  const date = dateHeader ? new Date(dateHeader) : undefined;
  return {
    from,
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: textOf(headers, body).trim(),
    date: date && !Number.isNaN(date.getTime()) ? date : undefined,
  };
}

/** Headers (unfolded, names in lower case, first occurrence wins) and the body. */
function splitMessage(raw: string): { headers: Headers; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function addressList(value: string): string[] {
  return [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s<>,;"]+@[^\s<>,;"]+)/g)].map((m) => m[1] ?? m[2]);
}

/** A header parameter such as `boundary` or `charset`. */
function paramOf(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function charsetOf(contentType: string): BufferEncoding {
  const charset = (paramOf(contentType, 'charset') ?? 'utf-8').toLowerCase();
  return charset === 'iso-8859-1' || charset === 'latin1' || charset === 'windows-1252' ? 'latin1' : 'utf8';
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) => {
      const enc = charsetOf(`; charset=${charset}`);
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString(enc);
      return quotedPrintable(data.replace(/_/g, ' ')).toString(enc);
    });
}

function quotedPrintable(data: string): Buffer {
  const text = data.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(headers: Headers, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const charset = charsetOf(headers.get('content-type') ?? '');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString(charset);
  if (encoding === 'quoted-printable') return quotedPrintable(body).toString(charset);
  return body;
}

function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|tr|h\d|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of a message or part: its text/plain part, else its HTML without tags. */
function textOf(headers: Headers, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = paramOf(contentType, 'boundary');
    if (!boundary) return body;
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => splitMessage(p.replace(/^\r?\n/, '')));
    const kind = (p: { headers: Headers }) => (p.headers.get('content-type') ?? 'text/plain').split(';')[0].trim().toLowerCase();
    const chosen =
      parts.find((p) => kind(p) === 'text/plain') ??
      parts.find((p) => kind(p).startsWith('multipart/')) ??
      parts.find((p) => kind(p) === 'text/html');
    return chosen ? textOf(chosen.headers, chosen.body) : '';
  }
  const decoded = decodeBody(headers, body);
  return type === 'text/html' ? htmlToText(decoded) : decoded;
}
