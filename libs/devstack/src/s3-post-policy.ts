import {
  accessDenied,
  credentialScope,
  parseAmzDate,
  policySignature,
  S3Refusal,
  sameSignature,
  signatureMismatch,
  type Credentials,
} from './s3-request-auth';

/** The limits a checked POST policy puts on the file that follows the form's fields. */
export interface PolicyGrant {
  minBytes: number;
  maxBytes: number;
}

/** the largest object one POST may write on S3: 5 GiB */
const S3_MAX_POST_BYTES = 5 * 1024 ** 3;

/** form fields that a policy need not name */
const EXEMPT_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

const invalidPolicy = (message: string) => new S3Refusal('InvalidPolicyDocument', 400, `Invalid Policy: ${message}`);
const conditionFailed = (condition: unknown) => accessDenied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

/**
 * Checks a browser POST upload's form fields as S3 does before it takes the file: the policy
 * is signed (`x-amz-signature`, SigV4 over the base64 text) with the server's key, has not
 * expired, every condition holds (bucket, `key`, `Content-Type` and any other field, by `eq`
 * or `starts-with`), and every field of the form is named by a condition. Answers the size
 * range that the file must then fit (`content-length-range`). A form without a policy is an
 * anonymous upload: AccessDenied.
 *
 * `fields` are the form's fields by lower-case name.
 */
export function verifyPostPolicy(fields: Map<string, string>, bucket: string, keys: Credentials, now = new Date()): PolicyGrant {
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  if (policyText === undefined || signature === undefined) {
    if (fields.has('awsaccesskeyid') || fields.has('signature')) {
      throw new S3Refusal('InvalidRequest', 400, 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
    }
    throw accessDenied();
  }
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new S3Refusal('InvalidArgument', 400, 'POST requires the x-amz-algorithm field with the value AWS4-HMAC-SHA256.');
  }
  const credential = fields.get('x-amz-credential');
  const date = fields.get('x-amz-date');
  if (!credential || !date || !parseAmzDate(date)) {
    throw new S3Refusal('InvalidArgument', 400, 'POST requires the x-amz-credential and x-amz-date fields (yyyyMMddTHHmmssZ).');
  }
  const scope = credentialScope(credential, keys, (message) => new S3Refusal('InvalidArgument', 400, message));
  if (!sameSignature(signature, policySignature(scope.signingKey, policyText))) throw signatureMismatch();

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw invalidPolicy('Invalid JSON.');
  }
  if (typeof policy !== 'object' || policy === null) throw invalidPolicy('Invalid JSON.');
  if (typeof policy.expiration !== 'string') throw invalidPolicy('Policy missing expiration.');
  const expiration = Date.parse(policy.expiration);
  if (Number.isNaN(expiration)) throw invalidPolicy('Invalid expiration.');
  if (now.getTime() > expiration) throw accessDenied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(policy.conditions)) throw invalidPolicy('Policy missing conditions.');

  if (fields.has('bucket') && fields.get('bucket') !== bucket) throw accessDenied(`Invalid according to Policy: the form's bucket is not "${bucket}".`);
  const valueOf = (field: string): string => (field === 'bucket' ? bucket : (fields.get(field) ?? ''));
  const named = new Set<string>();
  const grant: PolicyGrant = { minBytes: 0, maxBytes: S3_MAX_POST_BYTES };
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, target, value] = condition as unknown[];
      const operator = String(op).toLowerCase();
      if (operator === 'content-length-range') {
        const min = Number(target);
        const max = Number(value);
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) throw invalidPolicy('Invalid content-length-range.');
        grant.minBytes = Math.max(grant.minBytes, min);
        grant.maxBytes = Math.min(grant.maxBytes, max);
        continue;
      }
      if (typeof target !== 'string' || !target.startsWith('$') || typeof value !== 'string') throw invalidPolicy(`Invalid condition: ${JSON.stringify(condition)}.`);
      const field = target.slice(1).toLowerCase();
      named.add(field);
      const actual = valueOf(field);
      if (operator === 'eq') {
        if (actual !== value) throw conditionFailed(condition);
      } else if (operator === 'starts-with') {
        // a starts-with on Content-Type holds for each of a comma-separated list
        const values = field === 'content-type' ? actual.split(',').map((v) => v.trim()) : [actual];
        if (!values.every((v) => v.startsWith(value))) throw conditionFailed(condition);
      } else {
        throw invalidPolicy(`Unknown condition operator "${String(op)}".`);
      }
    } else if (typeof condition === 'object' && condition !== null) {
      const entries = Object.entries(condition as Record<string, unknown>);
      if (entries.length !== 1 || typeof entries[0][1] !== 'string') throw invalidPolicy(`Invalid condition: ${JSON.stringify(condition)}.`);
      const field = entries[0][0].toLowerCase();
      named.add(field);
      if (valueOf(field) !== entries[0][1]) throw conditionFailed(condition);
    } else {
      throw invalidPolicy(`Invalid condition: ${JSON.stringify(condition)}.`);
    }
  }
  if (!fields.has('key')) throw new S3Refusal('InvalidArgument', 400, "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.");
  const extra = [...fields.keys()].filter((name) => !EXEMPT_FIELDS.has(name) && !name.startsWith('x-ignore-') && !named.has(name));
  if (extra.length) throw accessDenied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return grant;
}
