import type { ImageView, SignedUploadResult, VideoSignedUploadResult, VideoView } from '@app/contracts';
import { postToPresigned } from './media-upload';
import type { UserSession } from './sessions';

/** Factories for images and videos (services/images): upload through presigned POSTs for tests. */

export interface SignedImageUpload {
  imageId: string;
  /** status of the presigned POST */
  status: number;
}

/**
 * Asks a signed URL for one position and posts the file to it, as the web creator does
 * (no completion call: the server finds the file). Throws when the signed URL is refused.
 */
export async function postOrderImage(
  session: UserSession,
  orderId: string,
  position: number,
  bytes: Buffer,
  opts: { contentType?: string; width?: number; height?: number } = {},
): Promise<SignedImageUpload> {
  const contentType = opts.contentType ?? 'image/jpeg';
  const res = await session
    .post('/api/images/get-signed-url-for-upload')
    .send({ order: orderId, position, fileSize: Math.max(1, Math.min(bytes.length, 8388608)), width: opts.width ?? 800, height: opts.height ?? 600, contentType });
  if (res.status !== 201) throw new Error(`get-signed-url-for-upload answered ${res.status} ${JSON.stringify(res.body)}`);
  const signed = res.body as SignedUploadResult;
  const status = await postToPresigned(signed.url, JSON.parse(signed.fields) as Record<string, string>, bytes, contentType);
  return { imageId: signed.imageId, status };
}

/**
 * Uploads one picture of an order as the mobile app does: signed URL, presigned POST, then
 * `upload-complete`. Returns the accepted image; throws with the server's answer otherwise.
 */
export async function uploadOrderImage(
  session: UserSession,
  orderId: string,
  position: number,
  bytes: Buffer,
  opts: { contentType?: string } = {},
): Promise<ImageView> {
  const { imageId, status } = await postOrderImage(session, orderId, position, bytes, opts);
  if (status >= 300) throw new Error(`the presigned POST answered ${status}`);
  const done = await session.post('/api/images/upload-complete').send({ imageId });
  if (done.status !== 200) throw new Error(`upload-complete answered ${done.status} ${JSON.stringify(done.body)}`);
  return done.body as ImageView;
}

/** Uploads a video of an order: signed URL, presigned POST, `upload-complete`; answers the response of the last. */
export async function uploadOrderVideo(
  session: UserSession,
  orderId: string,
  bytes: Buffer,
  contentType = 'video/mp4',
): Promise<{ status: number; body: VideoView | { statusCode: number; message: string }; videoId: string }> {
  const res = await session.post('/api/videos/get-signed-url-for-upload').send({ order: orderId, fileSize: bytes.length, contentType });
  if (res.status !== 201) throw new Error(`videos/get-signed-url-for-upload answered ${res.status} ${JSON.stringify(res.body)}`);
  const signed = res.body as VideoSignedUploadResult;
  const posted = await postToPresigned(signed.url, JSON.parse(signed.fields) as Record<string, string>, bytes, contentType);
  if (posted >= 300) throw new Error(`the presigned POST answered ${posted}`);
  const done = await session.post('/api/videos/upload-complete').send({ videoId: signed.videoId });
  return { status: done.status, body: done.body, videoId: signed.videoId };
}
