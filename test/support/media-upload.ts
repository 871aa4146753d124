import { testPng } from '@app/testing';
import type { UserSession } from './sessions';

/** Posts a file to a presigned POST as a browser does: the fields, then the file last. */
export async function postToPresigned(url: string, fields: Record<string, string>, file: Buffer, contentType: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file], { type: contentType }), 'upload');
  const res = await fetch(url, { method: 'POST', body: form });
  return res.status;
}

/** Uploads a utility medium through the API (POST /api/media, then the presigned POST). */
export async function uploadMedia(session: UserSession, mediaType: string, file?: Buffer): Promise<string> {
  const res = await session.post('/api/media').send({ fileExtension: 'png', mediaType });
  if (res.status !== 201) throw new Error(`POST /api/media answered ${res.status} ${JSON.stringify(res.body)}`);
  const status = await postToPresigned(res.body.url, res.body.fields, file ?? (await testPng()), 'image/png');
  if (status >= 300) throw new Error(`upload answered ${status}`);
  return res.body.utilityMedia.id as string;
}
