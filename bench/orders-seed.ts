import type { Client } from 'pg';

/**
 * The orders and images of the request benchmarks, written with SQL into the schemas made by
 * the services' own migrations: `orders` orders of `imagesPerOrder` completed images each,
 * spread over `accounts` dealerships (the one of `dealerId` is number 0, the others exist
 * only on their orders), newest first five minutes apart.
 */
export async function seedOrders(db: Client, dealerId: string, sizes: { orders: number; imagesPerOrder: number; accounts: number }): Promise<void> {
  const { orders: ORDERS, imagesPerOrder: IMAGES_PER_ORDER, accounts: ACCOUNTS } = sizes;
  const t0 = Date.now();
  await db.query('SET search_path TO orders, public');
  // the accounts: the bench dealership is number 0, the others exist only on their orders
  await db.query(
    `CREATE TEMP TABLE bench_account AS
     SELECT i, CASE WHEN i = 0 THEN $1::uuid ELSE md5('account' || i)::uuid END AS id,
            CASE WHEN i = 0 THEN 'Bench Dealership'
                 ELSE (ARRAY['Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde', 'Herning',
                             'Budapest', 'Debrecen', 'Szeged', 'Pecs', 'Gyor', 'Malmo', 'Lund', 'Hamburg', 'Kiel', 'Bremen'])[1 + i % 20]
                      || ' ' || (ARRAY['Motors', 'Auto', 'Cars', 'Autohus', 'Bilcenter', 'Automobile', 'Car Center', 'Garage', 'Wagen', 'Autoteam'])[1 + (i / 20) % 10]
            END AS name,
            'dealer' || i || '@bench.test' AS email
       FROM generate_series(0, $2 - 1) i`,
    [dealerId, ACCOUNTS],
  );
  await db.query(
    `INSERT INTO orders.orders (id, account_id, account_name, account_email, order_name, note, status, qa_status,
                                created_by_id, created_by_name, created_by_role, sales_person_id, sales_person_name,
                                style_guide_id, style_guide_name, platform, app_version, taken_images_count, image_count,
                                uploaded_images_count, processed_images_count, enabled_qa, time_to_ready_to_download,
                                thumbnail_key, created_at, updated_at)
     SELECT gg.id, a.id, a.name, a.email,
            (ARRAY['VW Golf', 'Tesla Model 3', 'Volvo XC60', 'Audi A4', 'BMW X5', 'Skoda Octavia', 'Peugeot 208', 'Toyota Yaris'])[1 + g % 8]
              || ' ' || lpad(g::text, 6, '0'),
            CASE WHEN g % 7 = 0 THEN 'Please keep the number plate readable on every exterior picture of this car, thank you.' END,
            s.status, CASE WHEN s.status IN ('Ready to download', 'Completed', 'Delivering') THEN 'Approved' ELSE 'Waiting For QA' END,
            a.id, a.name, 'Account',
            md5('seller' || a.i || '-' || g % 5)::uuid, (ARRAY['Anna', 'Bo', 'Carl', 'Dora', 'Erik'])[1 + g % 5] || ' Seller',
            md5('guide')::uuid, 'Bench Studio', (ARRAY['web', 'android', 'ios'])[1 + g % 3], '2.4.1',
            $2, $2, $2, $2, false,
            CASE WHEN s.status IN ('Ready to download', 'Completed') THEN 1800 + g % 3600 END,
            -- the order's picture for lists (its first image's thumbnail), as the images service publishes it
            'orders/' || gg.id || '/images/' || md5(gg.id || '-1')::uuid || '/thumb.jpg',
            now() - g * interval '5 minutes', now() - g * interval '5 minutes' + interval '30 minutes'
       FROM (SELECT g, gen_random_uuid() AS id FROM generate_series(1, $1) g) gg
       JOIN bench_account a ON a.i = gg.g % $3
       CROSS JOIN LATERAL (SELECT (ARRAY['Completed', 'Completed', 'Completed', 'Ready to download', 'Ready to download', 'QA stage',
                                         'QA stage', 'In Progress', 'Delivering', 'Uploading'])[1 + (g / 7) % 10] AS status) s`,
    [ORDERS, IMAGES_PER_ORDER, ACCOUNTS],
  );
  console.log(`  ${ORDERS} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = Date.now();
  await db.query(
    `INSERT INTO images.image (id, order_id, account_id, style_guide_id, position, source, media_origin, optimisation_status,
                               approved, optimised_via, types, content_type, original_key, optimized_key, thumb_key,
                               width, height, file_size, upload_expires_at, uploaded_at, processed_at, created_at, updated_at)
     SELECT x.id, x.order_id, x.account_id, x.style_guide_id, x.p, 'upload', 'original', 'completed',
            false, 'full', '{original,AI}', 'image/jpeg',
            'orders/' || x.order_id || '/images/' || x.id || '/original.jpg',
            'orders/' || x.order_id || '/images/' || x.id || '/optimized.jpg',
            'orders/' || x.order_id || '/images/' || x.id || '/thumb.jpg',
            4032, 3024, 2400000 + x.p * 1000, x.created_at, x.created_at, x.created_at, x.created_at, x.created_at
       FROM (SELECT md5(o.id || '-' || p)::uuid AS id, o.id AS order_id, o.account_id, o.style_guide_id, o.created_at, p
               FROM orders.orders o CROSS JOIN generate_series(1, $1) p) x`,
    [IMAGES_PER_ORDER],
  );
  console.log(`  ${ORDERS * IMAGES_PER_ORDER} images in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await db.query('VACUUM ANALYZE orders.orders');
  await db.query('VACUUM ANALYZE orders.order_day_tally');
  await db.query('VACUUM ANALYZE images.image');
}

/** A signed-in access token of the account (the login route). */
export async function signInToken(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await res.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`sign-in of ${email} answered ${res.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

