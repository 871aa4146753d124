import type { Media360Kind, Media360SignedUploadResult, Media360View } from '@app/contracts';
import { postToPresigned } from './media-upload';
import type { UserSession } from './sessions';

/** Factories for 360 media (services/images): presigned POSTs of every frame, then the completion, as the web and mobile app do. */

export interface Media360Upload {
  /** status and body of `upload-complete` */
  status: number;
  body: Media360View | { statusCode: number; message: string };
  media360Id: string;
}

/** Asks one upload grant per frame and answers them (throws when the request is refused). */
export async function signMedia360(session: UserSession, orderId: string, kind: Media360Kind, frames: Buffer[], contentType = 'image/jpeg'): Promise<Media360SignedUploadResult> {
  const res = await session
    .post('/api/media360/get-signed-urls-for-upload')
    .send({ order: orderId, kind, frames: frames.map((f) => ({ fileSize: Math.max(1, f.length), contentType })) });
  if (res.status !== 201) throw new Error(`media360/get-signed-urls-for-upload answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Media360SignedUploadResult;
}

/** Posts frame `index` to its grant. */
export async function postMedia360Frame(signed: Media360SignedUploadResult, index: number, bytes: Buffer, contentType = 'image/jpeg'): Promise<void> {
  const grant = signed.frames[index];
  const posted = await postToPresigned(grant.url, JSON.parse(grant.fields) as Record<string, string>, bytes, contentType);
  if (posted >= 300) throw new Error(`the presigned POST of frame ${index + 1} answered ${posted}`);
}

/** Uploads a 360 of an order: grants, every frame posted, `upload-complete`; answers the response of the last. */
export async function uploadOrderMedia360(session: UserSession, orderId: string, kind: Media360Kind, frames: Buffer[], contentType = 'image/jpeg'): Promise<Media360Upload> {
  const signed = await signMedia360(session, orderId, kind, frames, contentType);
  for (const [i, frame] of frames.entries()) await postMedia360Frame(signed, i, frame, contentType);
  const done = await session.post('/api/media360/upload-complete').send({ media360Id: signed.media360Id });
  return { status: done.status, body: done.body, media360Id: signed.media360Id };
}
