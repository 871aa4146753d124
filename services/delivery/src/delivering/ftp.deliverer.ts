import { safeDeliveryName, type IntegrationForDelivery, type IntegrationSettings } from '@app/contracts';
import type { CheckedAddress, OutboundPolicy } from '@app/outbound';
import { Client, type FTPResponse } from 'basic-ftp';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { resolvedSettings, str, withTimeout, type DeliveryJob, type TypeDeliverer } from './delivery-job';
import { ftpFailure } from './failures';
import { DeliveryFailure, type DeliveredFile, type DeliveryReceipt } from './order-deliverer';

/** `ftp://host:port/path` (ftps:// for FTPS), as the receipt and messages name the destination. */
export function ftpDestination(settings: IntegrationSettings): string {
  const path = `/${str(settings, 'path').split('/').filter(Boolean).join('/')}`;
  return `${settings.secure ? 'ftps' : 'ftp'}://${str(settings, 'host')}:${str(settings, 'port')}${path}`;
}

/**
 * The name a file is uploaded under before it is renamed to its own: hidden, and the same
 * for every attempt of one message, so a retry overwrites what a dropped attempt left.
 */
export function temporaryName(name: string, messageId: string): string {
  return `.${name}.${messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}.part`;
}

/**
 * FTP and FTPS (explicit TLS) with basic-ftp. Each file is uploaded under a temporary name
 * in the integration's folder and then renamed to its own name, so the folder never shows a
 * half file and a retried delivery replaces what is there instead of adding a copy. With
 * `writeManifest`, `<order name>.manifest.json` (the files with their sizes and SHA-256) is
 * written the same way after the last picture: a receiver may wait for it.
 *
 * The host is resolved once through the outbound policy and the control connection goes to
 * the address checked (the host name stays the TLS server name). Data connections go to the
 * control connection's address only: EPSV names a port, and a PASV answer naming another
 * host fails the transfer (basic-ftp's `allowSeparateTransferHost: false`), so a server
 * cannot steer one to another machine.
 */
export class FtpDeliverer implements TypeDeliverer {
  readonly types = ['FTP'] as const;

  constructor(
    private readonly timeoutMs: number,
    private readonly outbound: OutboundPolicy,
  ) {}

  private async connect(integration: IntegrationForDelivery, timeoutMs: number): Promise<{ client: Client; settings: IntegrationSettings; where: string }> {
    const settings = resolvedSettings(integration);
    if (!settings.host) throw new DeliveryFailure('The FTP host is not set in the integration', false);
    const where = ftpDestination(settings);
    let checked: CheckedAddress;
    try {
      // the lookup counts in the connection's time, as it did when basic-ftp looked the name up
      checked = await withTimeout(this.outbound.resolve(str(settings, 'host')), timeoutMs);
    } catch (err) {
      throw ftpFailure(err, where);
    }
    const client = new Client(timeoutMs, { allowSeparateTransferHost: false });
    try {
      await client.access({
        host: checked.address,
        port: Number(settings.port),
        user: integration.username ?? 'anonymous',
        password: integration.password ?? '',
        secure: settings.secure === true,
        // an IP address is no TLS server name: the certificate is then checked against the address
        secureOptions: { rejectUnauthorized: settings.verifyCertificate !== false, ...(isIP(checked.host) ? {} : { servername: checked.host, host: checked.host }) },
      });
    } catch (err) {
      client.close();
      throw ftpFailure(err, where);
    }
    return { client, settings, where };
  }

  async deliver(job: DeliveryJob): Promise<DeliveryReceipt> {
    const { client, settings, where } = await this.connect(job.integration, this.timeoutMs);
    const folder = `/${str(settings, 'path').split('/').filter(Boolean).join('/')}`;
    let last: FTPResponse | null = null;
    const put = async (name: string, bytes: Buffer) => {
      const temporary = temporaryName(name, job.attempt.messageId);
      await client.uploadFrom(Readable.from(bytes), temporary);
      try {
        last = await client.rename(temporary, name);
      } catch (err) {
        // a server that will not rename over an existing file: remove the old copy, then rename
        if ((err as { code?: unknown }).code !== 550 && (err as { code?: unknown }).code !== 553) throw err;
        await client.remove(name, true);
        last = await client.rename(temporary, name);
      }
    };
    try {
      await client.ensureDir(folder);
      const files: DeliveredFile[] = [];
      for (const file of job.files) {
        await put(file.name, file.bytes);
        files.push({
          name: file.name,
          location: `${where.replace(/\/$/, '')}/${file.name}`,
          bytes: file.bytes.length,
          sha256: file.sha256,
          imageId: file.imageId,
          position: file.position,
        });
      }
      if (settings.writeManifest === true) {
        const manifest = {
          order: job.order,
          messageId: job.attempt.messageId,
          files: job.files.map((f) => ({ name: f.name, bytes: f.bytes.length, sha256: f.sha256, position: f.position })),
        };
        await put(`${safeDeliveryName(job.order.orderName, 'order')}.manifest.json`, Buffer.from(JSON.stringify(manifest, null, 2)));
      }
      // basic-ftp's message is the whole reply, its code included
      const reply = last as FTPResponse | null;
      return { destination: where, files, answer: reply ? reply.message : null, finishedAt: new Date().toISOString() };
    } catch (err) {
      throw ftpFailure(err, where);
    } finally {
      client.close();
    }
  }

  async test(integration: IntegrationForDelivery): Promise<string> {
    const { client, settings, where } = await this.connect(integration, this.timeoutMs);
    try {
      const folder = `/${str(settings, 'path').split('/').filter(Boolean).join('/')}`;
      try {
        const entries = await client.list(folder);
        return `Logged in to ${where} and listed the folder (${entries.length} entries)`;
      } catch (err) {
        // a folder not made yet is no failure: the first delivery makes it
        const missing = await firstMissingFolder(client, folder).catch(() => null);
        if (missing) return `Logged in to ${where}; the folder ${missing} does not exist yet: the first delivery makes it`;
        throw err;
      }
    } catch (err) {
      throw ftpFailure(err, where);
    } finally {
      client.close();
    }
  }
}

/**
 * The first folder of the path that does not exist: the one its parent lists without it (a
 * folder that is there but cannot be listed is a refusal, not a missing folder). Null when
 * every folder is there.
 */
async function firstMissingFolder(client: Client, folder: string): Promise<string | null> {
  let parent = '';
  for (const part of folder.split('/').filter(Boolean)) {
    const names = (await client.list(parent || '/')).map((entry) => entry.name);
    parent = `${parent}/${part}`;
    if (!names.includes(part)) return parent;
  }
  return null;
}
