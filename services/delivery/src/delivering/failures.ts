import { isOutboundRefused, OUTBOUND_REFUSED_MESSAGE } from '@app/outbound';
import { DeliveryFailure } from './order-deliverer';

/**
 * How a failed attempt is told to the queue: what failed, in words a person acts on (DNS,
 * refused, login, TLS, permission), and whether trying again can help. Retryable: what may
 * pass by itself (a refused or dropped connection, a timeout, a busy server, 408, 429, 5xx, a
 * DNS server that did not answer). Not retryable: what needs someone to change the settings
 * or the destination (an unknown host, a refused login, a certificate, a missing folder or
 * container, no permission, another 4xx, an address inside the service's own network).
 * What a destination said is told as a short status line (its first line, printable
 * characters, at most 80), never as the body of its answer.
 */

/** A remote answer as a short status line: its first line, printable ASCII only, at most 80 characters. */
export function statusLine(text: string, max = 80): string {
  return (text.split(/\r?\n/)[0] ?? '')
    .replace(/\s/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY|GET)_|HOSTNAME_MISMATCH|ERR_OSSL)/;

function codeOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

function messageOf(err: unknown): string {
  const e = err as { message?: unknown; cause?: { message?: unknown } } | null;
  const own = typeof e?.message === 'string' ? e.message : String(err);
  return own === 'fetch failed' && typeof e?.cause?.message === 'string' ? e.cause.message : own;
}

/** A failure of the connection itself (any protocol), or null when `err` is not one. */
export function networkFailure(err: unknown, where: string): DeliveryFailure | null {
  if (err instanceof DeliveryFailure) return err;
  // refused before any connection was tried: no setting but another address helps
  if (isOutboundRefused(err)) return new DeliveryFailure(OUTBOUND_REFUSED_MESSAGE, false);
  const code = codeOf(err);
  const message = messageOf(err);
  if (code === 'ENOTFOUND') return new DeliveryFailure(`DNS: the host of ${where} was not found`, false);
  if (code === 'EAI_AGAIN') return new DeliveryFailure(`DNS: the host of ${where} could not be looked up now`, true);
  if (code === 'ECONNREFUSED') return new DeliveryFailure(`Refused: nothing accepts connections at ${where}`, true);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new DeliveryFailure(`Unreachable: no route to ${where}`, true);
  if ((code && TLS_CODES.test(code)) || /certificate|\bTLS\b|\bSSL\b|wrong version number/i.test(message)) {
    return new DeliveryFailure(`TLS: the secure connection to ${where} failed (${message})`, false);
  }
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || /timeout|timed out|aborted due to timeout/i.test(message)) {
    return new DeliveryFailure(`Timeout: ${where} did not answer in time`, true);
  }
  // basic-ftp says "Server sent FIN packet unexpectedly, closing connection." when the server cut the control connection mid-file
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || /closed|closing connection|FIN packet|socket hang up|other side/i.test(message)) {
    return new DeliveryFailure(`Connection to ${where} dropped (${message})`, true);
  }
  return null;
}

/** An FTP server's answer or a connection failure (basic-ftp throws `FTPError` with the reply code). */
export function ftpFailure(err: unknown, where: string): DeliveryFailure {
  const reply = (err as { name?: string; code?: unknown }).code;
  if (typeof reply === 'number') {
    const text = statusLine(messageOf(err));
    if (reply === 530 || reply === 331 || reply === 332) return new DeliveryFailure(`Login: ${where} refused the user name or password (${text})`, false);
    if (reply === 550 || reply === 553 || reply === 552 || reply === 532 || reply === 450) {
      const retryable = reply === 450;
      return new DeliveryFailure(`Permission: ${where} refused the file or folder (${text})`, retryable);
    }
    if (reply === 534 || reply === 431) return new DeliveryFailure(`TLS: ${where} refused the secure connection (${text})`, false);
    if (reply >= 400 && reply < 500) return new DeliveryFailure(`${where} is busy or failed for now (${text})`, true);
    return new DeliveryFailure(`${where} answered ${text}`, false);
  }
  return networkFailure(err, where) ?? new DeliveryFailure(`${where}: ${statusLine(messageOf(err))}`, true);
}

/** An HTTP status from a receiving API (2xx never gets here), with the answer's reason phrase as a short status line. */
export function httpStatusFailure(status: number, where: string, reason: string): DeliveryFailure {
  const line = statusLine(reason);
  const said = line ? `: ${line}` : '';
  if (status === 401 || status === 403) return new DeliveryFailure(`Permission: ${where} refused the request (${status})${said}`, false);
  if (status === 408 || status === 429 || status >= 500) return new DeliveryFailure(`${where} answered ${status}, will try again${said}`, true);
  return new DeliveryFailure(`${where} refused the delivery (${status})${said}`, false);
}

/** An Azure Blob Storage error (`RestError` with its HTTP status) or a connection failure. */
export function azureFailure(err: unknown, where: string): DeliveryFailure {
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') {
    const code = (err as { code?: unknown }).code;
    const detail = statusLine(typeof code === 'string' ? code : messageOf(err));
    if (status === 403 || status === 401) return new DeliveryFailure(`Permission: ${where} refused the account key or SAS (${detail})`, false);
    if (status === 404) return new DeliveryFailure(`Not found: ${where} has no such container (${detail})`, false);
    return httpStatusFailure(status, where, detail);
  }
  return networkFailure(err, where) ?? new DeliveryFailure(`${where}: ${statusLine(messageOf(err))}`, !/connection string|Invalid|URL/i.test(messageOf(err)));
}

const S3_DENIED = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AllAccessDisabled', 'InvalidToken', 'ExpiredToken']);

/** An S3 error (the minio client's `S3Error` with its code) or a connection failure. */
export function s3Failure(err: unknown, where: string): DeliveryFailure {
  const code = codeOf(err);
  if (code && S3_DENIED.has(code)) return new DeliveryFailure(`Login: ${where} refused the access key or secret (${code})`, false);
  if (code === 'NoSuchBucket') return new DeliveryFailure(`Not found: ${where} has no such bucket`, false);
  if (code === 'SlowDown' || code === 'InternalError' || code === 'ServiceUnavailable' || code === 'RequestTimeout') {
    return new DeliveryFailure(`${where} is busy (${code}), will try again`, true);
  }
  return networkFailure(err, where) ?? new DeliveryFailure(`${where}: ${statusLine(messageOf(err))}`, !code);
}
