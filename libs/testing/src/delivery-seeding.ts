import { StorageService } from '@app/storage';
import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';

/**
 * Orders ready to be delivered, written with SQL into the orders and images schemas the
 * services' own migrations made (no upload, no pipeline): for the delivery faults and the
 * delivery benchmark, which are about what happens after an order is finished. The pictures
 * are a set of small distinct JPEGs put once into the product's S3; every order's images
 * point at them by key (an order's position n is picture n of the set), as if the pipeline
 * had written them.
 */

export interface SeededPicture {
  key: string;
  bytes: number;
  sha256: string;
}

export interface SeededOrder {
  id: string;
  orderName: string;
  /** the pictures of its positions 1, 2 … */
  pictures: SeededPicture[];
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * `count` distinct small JPEGs (a square on a background, colours and place differing, with grain),
 * stored under `<prefix>/<n>.jpg` in the bucket.
 */
export async function seedDeliveryPictures(
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string },
  count: number,
  opts: { prefix?: string; width?: number; height?: number } = {},
): Promise<SeededPicture[]> {
  const storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
  const prefix = opts.prefix ?? `seeded/pictures-${randomUUID().slice(0, 8)}`;
  const w = opts.width ?? 320;
  const h = opts.height ?? 240;
  const out: SeededPicture[] = [];
  for (let n = 1; n <= count; n++) {
    const hue = (n * 37) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="${w}" height="${h}" fill="hsl(${hue},45%,70%)"/>
  <rect x="${(n * 11) % (w / 2)}" y="${(n * 7) % (h / 2)}" width="${w / 2}" height="${h / 3}" fill="hsl(${(hue + 180) % 360},60%,35%)"/>
</svg>`;
    // a little grain, so the file is the size of a small photo (6 to 13 KB at 320×240) rather than of a flat drawing
    const grain = await sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).png().toBuffer();
    const bytes = await sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 80 }).toBuffer();
    const key = `${prefix}/${n}.jpg`;
    await storage.put(key, bytes, 'image/jpeg');
    out.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return out;
}

/**
 * `count` orders of the account, Ready to download and QA approved, each with one processed
 * picture per position (`pictures.length` of them), named `<namePrefix> <n>`.
 */
export async function seedDeliverableOrders(
  databaseUrl: string,
  opts: { accountId: string; accountName?: string; count: number; pictures: SeededPicture[]; namePrefix: string },
): Promise<SeededOrder[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const per = opts.pictures.length;
    const { rows } = await db.query<{ id: string; order_name: string }>(
      `INSERT INTO orders.orders (id, account_id, account_name, account_email, order_name, status, qa_status,
                                  created_by_id, created_by_name, created_by_role, style_guide_id, style_guide_name, platform,
                                  taken_images_count, image_count, uploaded_images_count, processed_images_count, enabled_qa,
                                  created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'dealer@seeded.test', $3 || ' ' || lpad(g::text, 5, '0'), 'Ready to download', 'Approved',
              $1, $2, 'Account', gen_random_uuid(), 'Seeded guide', 'web', $4, $4, $4, $4, false,
              now() - interval '1 hour', now() - interval '1 hour'
         FROM generate_series(1, $5) g
       RETURNING id, order_name`,
      [opts.accountId, opts.accountName ?? 'Seeded dealership', opts.namePrefix, per, opts.count],
    );
    await db.query(
      `INSERT INTO images.image (id, order_id, account_id, style_guide_id, position, source, media_origin, optimisation_status,
                                 approved, optimised_via, types, content_type, original_key, optimized_key, thumb_key,
                                 width, height, file_size, upload_expires_at, uploaded_at, processed_at, created_at, updated_at)
       SELECT gen_random_uuid(), o.id, o.account_id, o.style_guide_id, p.position, 'upload', 'original', 'completed',
              true, 'bypass', '{original}', 'image/jpeg', p.key, p.key, p.key,
              320, 240, p.bytes, now(), now(), now(), now(), now()
         FROM orders.orders o
         CROSS JOIN unnest($2::text[], $3::int[]) WITH ORDINALITY AS p(key, bytes, position)
        WHERE o.id = ANY($1::uuid[])`,
      [rows.map((r) => r.id), opts.pictures.map((p) => p.key), opts.pictures.map((p) => p.bytes)],
    );
    return rows.map((r) => ({ id: r.id, orderName: r.order_name, pictures: opts.pictures }));
  } finally {
    await db.end();
  }
}
