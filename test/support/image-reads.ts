import type { ImageVersionView, ImageView, OrderEventView } from '@app/contracts';
import type { UserSession } from './sessions';

/** Reads of pictures and of an order's timeline through the API, failing the test on any answer but 200. */

/** `GET /api/images/data/{id}`: one picture as `session` sees it. */
export async function readImage(session: UserSession, id: string): Promise<ImageView> {
  return (await session.get(`/api/images/data/${id}`).expect(200)).body;
}

/** `GET /api/images/{id}/versions`: the history of a picture, newest first. */
export async function readVersions(session: UserSession, id: string): Promise<ImageVersionView[]> {
  return (await session.get(`/api/images/${id}/versions`).expect(200)).body;
}

/** The bytes at a (presigned) storage URL; throws unless storage answers 200. */
export async function bytesAt(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Every line of an order's timeline, hidden ones included, read page by page (ten pages at most). */
export async function readOrderTimeline(session: UserSession, orderId: string): Promise<OrderEventView[]> {
  const events: OrderEventView[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await session.get(`/api/events/order/${orderId}?isHidden=true&page=${page}`).expect(200);
    events.push(...res.body.items);
    if (page * res.body.pageSize >= res.body.total) break;
  }
  return events;
}
