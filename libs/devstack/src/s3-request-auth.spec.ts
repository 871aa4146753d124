import { Client } from 'minio';
import { signV4 } from 'minio/dist/main/signing.js';
import { verifySignedRequest } from './s3-request-auth';

const keys = { accessKey: 'AKIDEXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const client = new Client({ endPoint: '127.0.0.1', port: 9000, useSSL: false, ...keys, region: 'us-east-1', pathStyle: true });
const at = new Date('2026-11-21T09:15:30Z');
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

/** the request target and headers of a URL as a server receives them */
function received(url: string): { url: string; headers: Record<string, string> } {
  const u = new URL(url);
  return { url: `${u.pathname}${u.search}`, headers: { host: u.host } };
}

describe("the embedded S3's SigV4 check against the S3 client's signatures", () => {
  const keysWithOddCharacters = ['orders/1f0c/images/9a2b/original.jpg', 'media/Århus café (1) + ½.png', "a/b c/d'e!*~.zip"];

  it.each(keysWithOddCharacters)('takes presigned GET, PUT and DELETE URLs of %s, with response headers, until they expire', async (key) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const params: Record<string, string> = method === 'GET' ? { 'response-content-type': 'image/png', 'response-content-disposition': 'attachment; filename="x y.png"' } : {};
      const url = await client.presignedUrl(method, 'photos', key, 900, params, at);
      const req = { method, ...received(url) };
      expect(() => verifySignedRequest(req, keys, later(10))).not.toThrow();
      expect(() => verifySignedRequest(req, keys, later(901))).toThrow(expect.objectContaining({ code: 'AccessDenied', message: 'Request has expired' }));
      expect(() => verifySignedRequest({ ...req, method: method === 'GET' ? 'DELETE' : 'GET' }, keys, later(10))).toThrow(
        expect.objectContaining({ code: 'SignatureDoesNotMatch' }),
      );
      expect(() => verifySignedRequest(req, { ...keys, secretKey: 'other' }, later(10))).toThrow(expect.objectContaining({ code: 'SignatureDoesNotMatch' }));
    }
  });

  it('takes requests signed in the Authorization header as the client signs them, with queries, and refuses them changed', () => {
    const hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const cases = [
      { method: 'GET', path: '/photos?list-type=2&prefix=orders%2F1%2F&delimiter=&max-keys=1000' },
      { method: 'POST', path: '/photos/orders/1/bundle.zip?uploads' },
      { method: 'PUT', path: '/photos/orders/1/bundle.zip?partNumber=2&uploadId=abc%2Bdef' },
      { method: 'HEAD', path: '/photos/media/%C3%85rhus%20caf%C3%A9%20%281%29.png' },
    ];
    for (const c of cases) {
      const headers: Record<string, string> = { host: '127.0.0.1:9000', 'x-amz-date': '20261121T091530Z', 'x-amz-content-sha256': hash };
      headers.authorization = signV4({ method: c.method, path: c.path, headers } as never, keys.accessKey, keys.secretKey, 'us-east-1', at, hash);
      const req = { method: c.method, url: c.path, headers };
      expect(() => verifySignedRequest(req, keys, later(60))).not.toThrow();
      expect(verifySignedRequest(req, keys, later(60))).toEqual({ payloadHash: hash });
      expect(() => verifySignedRequest({ ...req, url: `${c.path}${c.path.includes('?') ? '&' : '?'}x=1` }, keys, later(60))).toThrow(
        expect.objectContaining({ code: 'SignatureDoesNotMatch' }),
      );
      expect(() => verifySignedRequest(req, keys, later(16 * 60))).toThrow(expect.objectContaining({ code: 'RequestTimeTooSkewed', status: 403 }));
      expect(() => verifySignedRequest({ ...req, headers: { ...headers, 'x-amz-meta-owner': 'x' } }, keys, later(60))).toThrow(
        expect.objectContaining({ code: 'AccessDenied' }),
      );
    }
  });

  it('refuses what is not signed at all, and an unknown access key', () => {
    expect(() => verifySignedRequest({ method: 'GET', url: '/photos/a.jpg', headers: { host: 'x' } }, keys)).toThrow(
      expect.objectContaining({ code: 'AccessDenied', status: 403 }),
    );
    expect(() =>
      verifySignedRequest({ method: 'GET', url: '/photos/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=SOMEONE%2F20261121%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261121T091530Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=00', headers: { host: 'x' } }, keys, later(1)),
    ).toThrow(expect.objectContaining({ code: 'InvalidAccessKeyId', status: 403 }));
  });
});
