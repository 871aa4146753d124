import { Client } from 'minio';
import { GetUrlSigner } from './get-url-signer';

describe('GetUrlSigner', () => {
  const cases: Array<{ endpoint: string; key: string; headers: Record<string, string> | undefined }> = [
    { endpoint: 'http://127.0.0.1:9000', key: 'orders/1f0c/images/9a2b/optimized.jpg', headers: undefined },
    { endpoint: 'https://media.example.com', key: 'orders/a b/images/ÆØÅ (1)/thumb.jpg', headers: undefined },
    { endpoint: 'http://localhost', key: 'downloads/x.zip', headers: { 'response-content-disposition': 'attachment; filename="Golf GTI - 1.zip"' } },
    // a cached picture link: its lifetime and the picture's version, both signed
    { endpoint: 'http://127.0.0.1:9000', key: 'orders/1/images/2/thumb.jpg', headers: { 'response-cache-control': 'private, max-age=7200, immutable', v: '2026-11-29T07:00:00.000Z' } },
  ];

  it.each(cases)('signs $key on $endpoint exactly as the S3 client does', async ({ endpoint, key, headers }) => {
    const url = new URL(endpoint);
    const useSSL = url.protocol === 'https:';
    const client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: 'AKIDEXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'eu-north-1',
      pathStyle: true,
    });
    const signer = new GetUrlSigner({ endpoint, accessKey: 'AKIDEXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'eu-north-1', bucket: 'photos' });
    const at = new Date('2026-11-21T09:15:30.123Z');
    const theirs = await client.presignedGetObject('photos', key, 900, headers, at);
    expect(signer.sign(key, 900, headers, at)).toBe(theirs);
  });

  it('keeps each URL exact when many are signed in the same second with other expiries and headers', async () => {
    const client = new Client({ endPoint: '127.0.0.1', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK', region: 'us-east-1', pathStyle: true });
    const signer = new GetUrlSigner({ endpoint: 'http://127.0.0.1:9000', accessKey: 'AK', secretKey: 'SK', region: 'us-east-1', bucket: 'media' });
    const calls = [
      { key: 'orders/1/images/a/optimized.jpg', expires: 900, at: '2026-11-21T09:15:30.100Z' },
      { key: 'orders/1/images/a/thumb.jpg', expires: 900, at: '2026-11-21T09:15:30.900Z' },
      { key: 'orders/1/images/b/original.jpg', expires: 60, at: '2026-11-21T09:15:30.950Z' },
      { key: 'orders/1/images/c/optimized.jpg', expires: 900, at: '2026-11-21T09:15:31.000Z' },
      { key: 'downloads/z.zip', expires: 900, at: '2026-11-21T09:15:31.500Z', headers: { 'response-content-disposition': 'attachment; filename="z.zip"' } },
      { key: 'orders/1/images/d/optimized.jpg', expires: 900, at: '2026-11-21T09:15:31.600Z' },
    ];
    for (const c of calls) {
      const at = new Date(c.at);
      expect(signer.sign(c.key, c.expires, c.headers, at)).toBe(await client.presignedGetObject('media', c.key, c.expires, c.headers, at));
    }
  });

  it('signs again with a new key when the day changes', () => {
    const signer = new GetUrlSigner({ endpoint: 'http://s3', accessKey: 'a', secretKey: 's', region: 'us-east-1', bucket: 'b' });
    const today = signer.sign('k', 60, {}, new Date('2026-11-21T23:59:59Z'));
    const tomorrow = signer.sign('k', 60, {}, new Date('2026-11-22T00:00:01Z'));
    expect(today).toContain('X-Amz-Credential=a%2F20261121%2F');
    expect(tomorrow).toContain('X-Amz-Credential=a%2F20261122%2F');
  });
});
