import { OUTBOUND_REFUSED_MESSAGE, OutboundRefusedError } from '@app/outbound';
import { ftpFailure, httpStatusFailure, networkFailure, s3Failure, azureFailure, statusLine } from './failures';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const said = (f: { message: string; retryable: boolean }) => ({ message: f.message, retryable: f.retryable });

describe('failures: what failed in words, and whether trying again can help', () => {
  it('tells DNS, refused, TLS, timeouts and dropped connections apart', () => {
    expect(said(networkFailure(coded('ENOTFOUND'), 'ftp://x:21/')!)).toEqual({ message: 'DNS: the host of ftp://x:21/ was not found', retryable: false });
    expect(networkFailure(coded('EAI_AGAIN'), 'x')!.retryable).toBe(true);
    expect(said(networkFailure(coded('ECONNREFUSED'), 'x')!)).toEqual({ message: 'Refused: nothing accepts connections at x', retryable: true });
    expect(said(networkFailure(coded('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), 'x')!)).toEqual({
      message: 'TLS: the secure connection to x failed (self-signed certificate)',
      retryable: false,
    });
    expect(networkFailure(new Error('Timeout (control socket)'), 'x')).toMatchObject({ retryable: true, message: 'Timeout: x did not answer in time' });
    expect(networkFailure(coded('ECONNRESET', 'read ECONNRESET'), 'x')!.retryable).toBe(true);
    // an FTP server that cut the connection mid-file, as basic-ftp reports it
    expect(said(networkFailure(new Error('Server sent FIN packet unexpectedly, closing connection.'), 'ftp://h:21/in')!)).toEqual({
      message: 'Connection to ftp://h:21/in dropped (Server sent FIN packet unexpectedly, closing connection.)',
      retryable: true,
    });
    // fetch wraps the cause
    expect(networkFailure(Object.assign(new TypeError('fetch failed'), { cause: coded('ECONNREFUSED') }), 'x')!.message).toMatch(/^Refused/);
    expect(networkFailure(new Error('something else'), 'x')).toBeNull();
  });

  it('reads FTP reply codes: login and permission are final, 4xx passes', () => {
    const reply = (code: number, text: string) => Object.assign(new Error(`${code} ${text}`), { name: 'FTPError', code });
    expect(said(ftpFailure(reply(530, 'Login incorrect'), 'ftp://h:21/'))).toEqual({ message: 'Login: ftp://h:21/ refused the user name or password (530 Login incorrect)', retryable: false });
    expect(ftpFailure(reply(553, 'Not allowed'), 'x')).toMatchObject({ retryable: false, message: expect.stringMatching(/^Permission/) });
    expect(ftpFailure(reply(421, 'Too many users'), 'x').retryable).toBe(true);
    expect(ftpFailure(coded('ECONNREFUSED'), 'x').retryable).toBe(true);
  });

  it('reads HTTP statuses: 408, 429 and 5xx are tried again, other 4xx are final, 401/403 are permission', () => {
    expect([500, 502, 503, 408, 429].map((s) => httpStatusFailure(s, 'u', '').retryable)).toEqual([true, true, true, true, true]);
    expect([400, 404, 409, 410, 422].map((s) => httpStatusFailure(s, 'u', '').retryable)).toEqual([false, false, false, false, false]);
    expect(said(httpStatusFailure(403, 'https://dms/x', 'Forbidden'))).toEqual({
      message: 'Permission: https://dms/x refused the request (403): Forbidden',
      retryable: false,
    });
    expect(httpStatusFailure(400, 'u', 'x'.repeat(1000)).message).toBe(`u refused the delivery (400): ${'x'.repeat(80)}`);
  });

  it('tells what a destination said as a short status line, never the rest of its answer', () => {
    expect(statusLine('220 ProFTPD Server ready\r\n220-second line with more')).toBe('220 ProFTPD Server ready');
    expect(statusLine('SSH-2.0-OpenSSH_9.6\r\n')).toBe('SSH-2.0-OpenSSH_9.6');
    expect(statusLine('\u0000\u0001-ERR \u00e9 unknown\tcommand')).toBe('-ERR unknown command');
    expect(statusLine('y'.repeat(500))).toHaveLength(80);
    const reply = Object.assign(new Error('500 HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\n\r\n<html>secret</html>'), { code: 500 });
    expect(ftpFailure(reply, 'ftp://h:21/').message).toBe('ftp://h:21/ answered 500 HTTP/1.1 400 Bad Request');
  });

  it('tells an address inside the service\'s own network with the same text as the save, not retryable', () => {
    for (const failure of [
      networkFailure(new OutboundRefusedError('127.0.0.1'), 'x'),
      ftpFailure(new OutboundRefusedError('localhost'), 'ftp://localhost:21/'),
      s3Failure(new OutboundRefusedError('127.0.0.1'), 'http://127.0.0.1:9000/b'),
      // the Azure client wraps it in a RestError that keeps the code
      azureFailure(Object.assign(new Error(OUTBOUND_REFUSED_MESSAGE), { name: 'RestError', code: 'EOUTBOUNDREFUSED' }), 'c'),
    ]) {
      expect(said(failure!)).toEqual({ message: OUTBOUND_REFUSED_MESSAGE, retryable: false });
    }
  });

  it('reads Azure and S3 errors', () => {
    expect(azureFailure(Object.assign(new Error('denied'), { statusCode: 403, code: 'AuthorizationFailure' }), 'c')).toMatchObject({ retryable: false, message: expect.stringMatching(/^Permission/) });
    expect(azureFailure(Object.assign(new Error('busy'), { statusCode: 503 }), 'c').retryable).toBe(true);
    expect(s3Failure(coded('InvalidAccessKeyId'), 'b')).toMatchObject({ retryable: false, message: expect.stringMatching(/^Login/) });
    expect(s3Failure(coded('NoSuchBucket'), 'b')).toMatchObject({ retryable: false, message: 'Not found: b has no such bucket' });
    expect(s3Failure(coded('SlowDown'), 'b').retryable).toBe(true);
  });
});
