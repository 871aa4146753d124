import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FilesystemStoreLike } from './atomic-object-store';
import { S3Refusal } from './s3-request-auth';

/** the namespace of S3's XML documents */
const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
/** the end of the name of an object's file in s3rver's store */
const OBJECT_SUFFIX = '._S3rver_object';
/** S3 answers at most this many keys and common prefixes a page */
const PAGE_LIMIT = 1000;
const TOKEN_PREFIX = 'embedded-s3:';

/** the one owner of every bucket and object: a canonical user id of 64 hex digits, as S3's */
export const OWNER = { id: createHash('sha256').update('embedded-s3 owner').digest('hex'), displayName: 'dev' };

const escape = (text: string): string => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** `encoding-type=url`: every byte but unreserved ones and `/` percent-encoded (a space is %20, a plus %2B) */
const urlEncode = (text: string): string => encodeURIComponent(text).replace(/%2F/g, '/').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** S3 orders keys by their UTF-8 bytes */
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const invalid = (message: string): S3Refusal => new S3Refusal('InvalidArgument', 400, message);

/**
 * Every key of a bucket that starts with `prefix`, in S3's order. Only the folder the prefix
 * names is walked (a key's folders are its parts before the last `/`); temporary files of
 * uploads in flight and s3rver's own files are not keys.
 */
async function keysUnder(store: FilesystemStoreLike, bucket: string, prefix: string): Promise<string[]> {
  const bucketPath = store.getBucketPath(bucket);
  const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
  const keys: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(bucketPath, relative), { withFileTypes: true });
    } catch (err) {
      // a folder removed while it is walked (its last object deleted) holds no key
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw err;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (relative === '' && entry.name.startsWith('._S3rver_')) continue; // multipart uploads in flight
        const below = `${relative}${entry.name}/`;
        if (below.startsWith(prefix) || prefix.startsWith(below)) await walk(below);
      } else if (entry.name.endsWith(OBJECT_SUFFIX)) {
        const key = relative + entry.name.slice(0, -OBJECT_SUFFIX.length);
        if (key.startsWith(prefix) && key !== '') keys.push(key);
      }
    }
  };
  await walk(folder);
  return keys.sort(byteOrder);
}

/** a bucket that exists, or S3's NoSuchBucket */
export async function assertBucket(store: FilesystemStoreLike, bucket: string): Promise<void> {
  if (!(await store.getBucket(bucket))) throw new S3Refusal('NoSuchBucket', 404, 'The specified bucket does not exist');
}

const contentsXml = (key: string, metadata: Record<string, string>, owner: boolean, encode: (s: string) => string): string =>
  `<Contents><Key>${escape(encode(key))}</Key><LastModified>${new Date(metadata['last-modified']).toISOString()}</LastModified>` +
  `<ETag>${escape(metadata.etag)}</ETag><Size>${Number(metadata['content-length'])}</Size>` +
  (owner ? `<Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner>` : '') +
  `<StorageClass>STANDARD</StorageClass></Contents>`;

/**
 * ListObjectsV2 (`list-type=2`: `continuation-token`, `start-after`, `fetch-owner`) and
 * ListObjects v1 (`marker`), both with `prefix`, `delimiter`, `max-keys` (at most 1,000) and
 * `encoding-type=url`, answered as S3 answers them: keys in UTF-8 byte order, keys below a
 * delimiter rolled up into CommonPrefixes (each counts toward `max-keys`), a page that is
 * truncated names where the next one starts (`NextContinuationToken`; `NextMarker`).
 */
export async function listObjects(store: FilesystemStoreLike, bucket: string, query: URLSearchParams): Promise<string> {
  await assertBucket(store, bucket);
  const v2 = query.get('list-type') === '2';
  if (query.has('list-type') && !v2) throw invalid('Invalid List Type specified in Request');
  const encodingType = query.get('encoding-type');
  if (encodingType !== null && encodingType.toLowerCase() !== 'url') throw invalid('Invalid Encoding Method specified in Request');
  const encode = encodingType === null ? (s: string) => s : urlEncode;
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  let maxKeys = PAGE_LIMIT;
  const maxKeysText = query.get('max-keys');
  if (maxKeysText !== null) {
    if (!/^\d+$/.test(maxKeysText)) throw invalid('Provided max-keys not an integer or within integer range');
    maxKeys = Math.min(PAGE_LIMIT, Number(maxKeysText));
  }

  /** keys at or before `after` are not listed; `resume` also skips a common prefix at or before it */
  let after = '';
  let resume = false;
  if (v2) {
    if (query.has('marker')) throw invalid('Marker unsupported with REST.GET.BUCKET in list-type=2');
    const token = query.get('continuation-token');
    if (token !== null) {
      const decoded = Buffer.from(token, 'base64url').toString('utf8');
      if (!decoded.startsWith(TOKEN_PREFIX)) throw invalid('The continuation token provided is incorrect');
      after = decoded.slice(TOKEN_PREFIX.length);
      resume = true;
    } else {
      after = query.get('start-after') ?? '';
    }
  } else {
    if (query.has('continuation-token')) throw invalid('continuation-token only supported in REST.GET.BUCKET with list-type=2');
    if (query.has('start-after')) throw invalid('startAfter only supported in REST.GET.BUCKET with list-type=2');
    after = query.get('marker') ?? '';
    resume = true;
  }

  const page: Array<{ key: string } | { commonPrefix: string }> = [];
  let isTruncated = false;
  let last = '';
  for (const key of await keysUnder(store, bucket, prefix)) {
    if (after && byteOrder(key, after) <= 0) continue;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const entry = cut >= 0 ? key.slice(0, cut + delimiter.length) : key;
    if (cut >= 0 && resume && after && byteOrder(entry, after) <= 0) continue;
    if (entry === last) continue;
    if (page.length >= maxKeys) {
      isTruncated = maxKeys > 0;
      break;
    }
    page.push(cut >= 0 ? { commonPrefix: entry } : { key });
    last = entry;
  }

  const owner = v2 ? query.get('fetch-owner') === 'true' : true;
  const prefixes: string[] = [];
  const contents: string[] = new Array(page.length).fill('');
  const keys: Array<{ key: string; at: number }> = [];
  page.forEach((item, at) => {
    if ('commonPrefix' in item) prefixes.push(`<CommonPrefixes><Prefix>${escape(encode(item.commonPrefix))}</Prefix></CommonPrefixes>`);
    else keys.push({ key: item.key, at });
  });
  // the page's metadata is read a few keys at a time
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(16, keys.length) }, async () => {
      while (next < keys.length) {
        const { key, at } = keys[next++];
        try {
          contents[at] = contentsXml(key, await store.getMetadata(bucket, key), owner, encode);
        } catch (err) {
          // deleted since the folder was read: not listed
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }),
  );

  const parts = [`<Name>${escape(bucket)}</Name>`, `<Prefix>${escape(encode(prefix))}</Prefix>`];
  if (v2) {
    const token = query.get('continuation-token');
    if (token !== null) parts.push(`<ContinuationToken>${escape(token)}</ContinuationToken>`);
    else if (query.has('start-after')) parts.push(`<StartAfter>${escape(encode(after))}</StartAfter>`);
    parts.push(`<KeyCount>${page.length}</KeyCount>`);
  } else {
    parts.push(`<Marker>${escape(encode(after))}</Marker>`);
    if (isTruncated) parts.push(`<NextMarker>${escape(encode(last))}</NextMarker>`);
  }
  parts.push(`<MaxKeys>${maxKeys}</MaxKeys>`);
  if (delimiter) parts.push(`<Delimiter>${escape(encode(delimiter))}</Delimiter>`);
  if (encodingType !== null) parts.push('<EncodingType>url</EncodingType>');
  parts.push(`<IsTruncated>${isTruncated}</IsTruncated>`);
  if (v2 && isTruncated) parts.push(`<NextContinuationToken>${Buffer.from(TOKEN_PREFIX + last).toString('base64url')}</NextContinuationToken>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="${S3_XMLNS}">${parts.join('')}${contents.join('')}${prefixes.join('')}</ListBucketResult>`;
}

/** GetBucketLocation: the store has one region, us-east-1, which S3 names by an empty constraint */
export async function bucketLocation(store: FilesystemStoreLike, bucket: string): Promise<string> {
  await assertBucket(store, bucket);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="${S3_XMLNS}"/>`;
}

/**
 * GetBucketAcl / GetObjectAcl as AWS documents them: the owner has FULL_CONTROL, nobody else
 * any grant (a private bucket). A key that does not exist is NoSuchKey.
 */
export async function accessControlPolicy(store: FilesystemStoreLike, bucket: string, key: string | null): Promise<string> {
  await assertBucket(store, bucket);
  if (key !== null) {
    try {
      await store.getMetadata(bucket, key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new S3Refusal('NoSuchKey', 404, 'The specified key does not exist.');
      throw err;
    }
  }
  const owner = `<ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<AccessControlPolicy xmlns="${S3_XMLNS}"><Owner>${owner}</Owner><AccessControlList>` +
    `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser">${owner}</Grantee><Permission>FULL_CONTROL</Permission></Grant>` +
    `</AccessControlList></AccessControlPolicy>`
  );
}

/** the folder of a multipart upload the store holds, or S3's NoSuchUpload */
export async function uploadFolder(store: FilesystemStoreLike, bucket: string, uploadId: string): Promise<string> {
  await assertBucket(store, bucket);
  const noSuchUpload = new S3Refusal('NoSuchUpload', 404, 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
  if (!/^[0-9a-f]{1,64}$/.test(uploadId)) throw noSuchUpload;
  const folder = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  try {
    if (!(await stat(folder)).isDirectory()) throw noSuchUpload;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload;
    throw err;
  }
  return folder;
}

/** AbortMultipartUpload: the upload's parts are removed (s3rver has no such call) */
export async function abortMultipartUpload(store: FilesystemStoreLike, bucket: string, uploadId: string): Promise<void> {
  await rm(await uploadFolder(store, bucket, uploadId), { recursive: true, force: true });
}
