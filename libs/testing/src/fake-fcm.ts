import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message FCM took: the request body of `messages:send`, and the access token it came with. */
export interface FcmSentMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  accessToken: string;
}

export interface FakeFcm {
  /** FCM_API_URL */
  apiUrl: string;
  /** FCM_TOKEN_URL (also the key's `token_uri`) */
  tokenUrl: string;
  projectId: string;
  /** a service account key as Google gives it (FCM_SERVICE_ACCOUNT_JSON) */
  serviceAccountJson: string;
  /** messages taken, in order */
  sent: FcmSentMessage[];
  /** access tokens issued, in order */
  issued: string[];
  /** device tokens answered 404 UNREGISTERED */
  unregistered: Set<string>;
  /** device tokens answered 400 INVALID_ARGUMENT */
  invalid: Set<string>;
  /** device tokens answered 429 QUOTA_EXCEEDED */
  throttled: Set<string>;
  /** lifetime of the next access tokens, in seconds (3600) */
  tokenLifetimeS: number;
  /** refuse the assertion (400 invalid_grant), as Google does for a deleted key */
  refuseGrant: boolean;
  /** access tokens no longer taken (answered 401), as after a revocation */
  revoke(accessToken: string): void;
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Google's token endpoint and FCM's HTTP v1 send endpoint, on a local port: outside the
 * product, so tests of the FCM provider talk to this instead. It checks what Google checks of
 * a request (the RS256 assertion signed by the service account's key with its claims, a
 * current access token, the message's shape with string data) and answers as they do,
 * errors included.
 */
export async function startFakeFcm(projectId = 'demo-project'): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const revoked = new Set<string>();
  const live = new Map<string, number>();
  let tokenUrl = '';
  const fcmError = (code: number, status: string, errorCode: string | null, message: string) => ({
    error: { code, message, status, details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [] },
  });

  const fake: FakeFcm = {
    apiUrl: '',
    tokenUrl: '',
    projectId,
    serviceAccountJson: '',
    sent: [],
    issued: [],
    unregistered: new Set(),
    invalid: new Set(),
    throttled: new Set(),
    tokenLifetimeS: 3600,
    refuseGrant: false,
    revoke: (t) => revoked.add(t),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const raw = await bodyOf(req);
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(raw);
        const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
        const valid =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          header !== undefined &&
          claims !== undefined &&
          signature !== undefined &&
          createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
        const c = valid ? (JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>) : {};
        const h = valid ? (JSON.parse(Buffer.from(header!, 'base64url').toString()) as Record<string, unknown>) : {};
        const claimsOk =
          h.alg === 'RS256' &&
          c.iss === `push@${projectId}.iam.gserviceaccount.com` &&
          c.scope === SCOPE &&
          c.aud === tokenUrl &&
          typeof c.iat === 'number' &&
          typeof c.exp === 'number' &&
          c.exp > c.iat &&
          c.exp - c.iat <= 3600;
        if (!valid || !claimsOk || fake.refuseGrant) return reply(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        const accessToken = `ya29.fake-${fake.issued.length + 1}`;
        fake.issued.push(accessToken);
        live.set(accessToken, Date.now() + fake.tokenLifetimeS * 1000);
        return reply(200, { access_token: accessToken, expires_in: fake.tokenLifetimeS, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${projectId}/messages:send`) {
        const accessToken = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!live.has(accessToken) || revoked.has(accessToken)) {
          return reply(401, fcmError(401, 'UNAUTHENTICATED', null, 'Request had invalid authentication credentials.'));
        }
        const message = (JSON.parse(raw) as { message?: Omit<FcmSentMessage, 'accessToken'> }).message;
        const dataOk = message?.data !== undefined && Object.values(message.data).every((v) => typeof v === 'string');
        if (!message?.token || !message.notification || !dataOk) return reply(400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid message'));
        if (fake.unregistered.has(message.token)) return reply(404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.'));
        if (fake.invalid.has(message.token)) {
          return reply(400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token'));
        }
        if (fake.throttled.has(message.token)) return reply(429, fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded.'));
        fake.sent.push({ ...message, accessToken });
        return reply(200, { name: `projects/${projectId}/messages/${fake.sent.length}` });
      }
      reply(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${base}/token`;
  fake.apiUrl = base;
  fake.tokenUrl = tokenUrl;
  fake.serviceAccountJson = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'fake-key',
    private_key: pem,
    client_email: `push@${projectId}.iam.gserviceaccount.com`,
    token_uri: tokenUrl,
  });
  return fake;
}
