import { IMAGE_MESSAGES, type CreateOrderRequest, type ImageContentType } from '@app/contracts/wire';
import { isApiError } from './client';
import { imagesApi, uploadToStorage } from './images';
import { ordersApi } from './orders';

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
/** waits before each new try of a file whose upload failed on the way (the line dropped, the server was busy) */
export const RETRY_DELAYS_MS = [1000, 3000];

/**
 * The upload stopped on the way and the file's tries are spent: `safe` of `total` pictures are
 * stored; the order waits for the rest (Resume, or "Add the missing pictures" on its page).
 */
export class UploadInterruptedError extends Error {
  override readonly name = 'UploadInterruptedError';
  constructor(
    readonly safe: number,
    readonly total: number,
    options?: { cause?: unknown },
  ) {
    super(`The connection dropped. ${safe} of ${total} pictures are safe`, options);
  }
}

/** a failure on the way (no answer, a server or gateway error), worth another try; a refusal (4xx) is not */
const isTransient = (error: unknown) => !isApiError(error) || error.statusCode >= 500 || error.statusCode === 0 || error.statusCode === 408 || error.statusCode === 429;

/**
 * Uploads one picture of an order: the grant, the file straight to storage and the check,
 * tried again after RETRY_DELAYS_MS when it fails on the way. A position the server says
 * already has its picture (an earlier try arrived though its answer was lost) counts as done.
 */
export async function uploadPicture(order: string, item: Omit<UploadItem, 'key'>, onBytes: (sent: number) => void, delays: readonly number[] = RETRY_DELAYS_MS): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      let upload;
      try {
        upload = await imagesApi.signedUpload({
          order,
          position: item.position,
          fileSize: item.file.size,
          width: item.width,
          height: item.height,
          contentType: item.contentType,
        });
      } catch (error) {
        if (isApiError(error) && error.statusCode === 409 && error.message === IMAGE_MESSAGES.positionTaken(item.position)) return;
        throw error;
      }
      // posted once: a failure is tried again here, whole (a new grant, the post, the check)
      await uploadToStorage(upload, item.file, onBytes, { retry: false });
      await imagesApi.uploadComplete(upload.imageId);
      return;
    } catch (error) {
      const wait = delays[attempt];
      if (wait === undefined || !isTransient(error)) throw error;
      onBytes(0);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The submit of the order creator: `POST /orders` with `takenImagesCount`,
 * then for every image `POST /images/get-signed-url-for-upload`, the file straight to storage
 * (the policy's fields, then the file last), and `POST /images/upload-complete`. `onProgress`
 * gets the overall percent (bytes sent of all bytes). A failure leaves the memory with what
 * was done: the next call (Resume) creates no second order and sends no image twice. Each file
 * is tried again (`uploadPicture`); when the line stays down it throws UploadInterruptedError.
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
    await uploadPicture(order, item, (bytes) => {
      sent.set(item.key, bytes);
      report();
    });
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
  if (failure) {
    // stopped on the way: the order keeps what arrived, the rest goes with Resume
    if (isTransient(failure.reason)) throw new UploadInterruptedError(memory.done.size, items.length, { cause: failure.reason });
    throw failure.reason;
  }
  return order;
}
