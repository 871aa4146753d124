import type { CreateOrderRequest, ImageContentType } from '@app/contracts/wire';
import { imagesApi, uploadToStorage } from '../../api/images';
import { ordersApi } from '../../api/orders';

export interface UploadItem {
  key: string;
  position: number;
  file: File;
  width: number;
  height: number;
  contentType: ImageContentType;
}

/** What an interrupted submit already did, so that trying again finishes it instead of starting over. */
export interface UploadProgressMemory {
  orderId: string | null;
  /** keys of the images that are uploaded and completed */
  done: Set<string>;
}

export const newMemory = (): UploadProgressMemory => ({ orderId: null, done: new Set() });

/** Images uploaded at the same time. */
const PARALLEL = 3;

/**
 * The submit of the order creator: `POST /orders` with `takenImagesCount`,
 * then for every image `POST /images/get-signed-url-for-upload`, the file straight to storage
 * (the policy's fields, then the file last), and `POST /images/upload-complete`. `onProgress`
 * gets the overall percent (bytes sent of all bytes). A failure leaves the memory with what
 * was done: the next call creates no second order and sends no image twice.
 */
export async function uploadOrder(
  body: Omit<CreateOrderRequest, 'takenImagesCount'>,
  items: readonly UploadItem[],
  memory: UploadProgressMemory,
  onProgress: (percent: number) => void,
): Promise<string> {
  const total = items.reduce((sum, i) => sum + i.file.size, 0) || 1;
  const sent = new Map<string, number>(items.filter((i) => memory.done.has(i.key)).map((i) => [i.key, i.file.size]));
  const report = () => onProgress(Math.min(100, Math.round((100 * [...sent.values()].reduce((a, b) => a + b, 0)) / total)));
  report();

  if (!memory.orderId) memory.orderId = (await ordersApi.create({ ...body, takenImagesCount: items.length })).id;
  const order = memory.orderId;

  const queue = items.filter((i) => !memory.done.has(i.key));
  let failed = false;
  const send = async (item: UploadItem) => {
    const upload = await imagesApi.signedUpload({
      order,
      position: item.position,
      fileSize: item.file.size,
      width: item.width,
      height: item.height,
      contentType: item.contentType,
    });
    await uploadToStorage(upload, item.file, (bytes) => {
      sent.set(item.key, bytes);
      report();
    });
    await imagesApi.uploadComplete(upload.imageId);
    memory.done.add(item.key);
    sent.set(item.key, item.file.size);
    report();
  };
  const worker = async () => {
    // after a failure the others finish the image in hand and stop
    for (let item = queue.shift(); item && !failed; item = queue.shift()) {
      try {
        await send(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return order;
}
