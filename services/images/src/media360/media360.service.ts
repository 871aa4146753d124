import {
  EXTERIOR360_FRAME_MAX_BYTES,
  EXTERIOR360_MAX_FRAMES,
  EXTERIOR360_MIN_FRAMES,
  IMAGE_MESSAGES,
  MEDIA360_MESSAGES,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  VIEW_URL_TTL_SECONDS,
  type Actor,
  type Media360ContentType,
  type Media360SignedUploadBody,
  type Media360SignedUploadResult,
  type Media360Status,
  type Media360UploadCompleteBody,
  type Media360View,
  type OrderStatus,
} from '@app/contracts';
import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { userOf } from '../images/order-events.writer';
import { FrameMissingError, FrameRejectedError, Media360Files, type CheckedFrame } from './media360-files';
import type { Media360, Media360Frame } from './media360.entity';
import { Media360Repository } from './media360.repository';

/** As for videos: the owner may add 360s until the order is completed; admin and QA at any time. */
const CLOSED_FOR_360: readonly OrderStatus[] = ['Completed'];

/** a frame posted just before its link expired is still taken this long after (as for pictures) */
export const MEDIA360_EXPIRY_GRACE_MS = 5 * 60_000;
/** awaited 360s the sweeper settles per pass */
const SWEEP_BATCH = 20;

const EXTENSIONS: Record<Media360ContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * 360 media of orders: one presigned upload per frame straight to S3, the server's check of
 * every frame (count, type, size, whole, pixels; the interior's 2:1 panorama; an exterior's
 * frames all of one size), private metadata removed, the frames kept in order under the
 * order's prefix, and the list with links for the viewer.
 */
@Injectable()
export class Media360Service {
  private readonly running = new Map<string, Promise<Media360 | null>>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly rows: Media360Repository,
    private readonly access: OrderAccessService,
    private readonly files: Media360Files,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** `POST /media360/get-signed-urls-for-upload` */
  async signedUpload(actor: Actor, body: Media360SignedUploadBody): Promise<Media360SignedUploadResult> {
    const count = body.frames.length;
    if (body.kind === 'interior360' && count !== 1) throw RpcError.badRequest(MEDIA360_MESSAGES.interiorFrameCount);
    if (body.kind === 'exterior360' && (count < EXTERIOR360_MIN_FRAMES || count > EXTERIOR360_MAX_FRAMES)) {
      throw RpcError.badRequest(`${MEDIA360_MESSAGES.exteriorFrameCount}; ${count} were sent`);
    }
    if (body.kind === 'exterior360') {
      const large = body.frames.findIndex((f) => f.fileSize > EXTERIOR360_FRAME_MAX_BYTES);
      if (large >= 0) throw RpcError.badRequest(`${MEDIA360_MESSAGES.frameTooLarge} (frame ${large + 1})`);
    }
    const order = await this.access.write(actor, body.order);
    if (!OrderAccessService.addsToClosedOrders(actor) && CLOSED_FOR_360.includes(order.status)) throw new RpcError(409, IMAGE_MESSAGES.orderNotUploading);
    const id = randomUUID();
    const frames: Media360Frame[] = body.frames.map((f, i) => {
      const contentType = f.contentType ?? 'image/jpeg';
      return { uploadKey: ObjectKeys.media360Upload(order.id, id, i, randomUUID(), EXTENSIONS[contentType]), contentType, key: null, size: null };
    });
    await this.rows.insert(this.ds.manager, {
      id,
      orderId: order.id,
      accountId: order.accountId,
      kind: body.kind,
      status: 'awaiting-upload',
      frameCount: count,
      frames,
      width: null,
      height: null,
      totalSize: null,
      failureReason: null,
      createdBy: userOf(actor),
      uploadExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
    });
    const posts = await Promise.all(frames.map((f) => this.files.presignedPost(f.uploadKey, f.contentType, body.kind, UPLOAD_URL_TTL_SECONDS)));
    return { media360Id: id, frames: posts.map((p) => ({ url: p.url, fields: JSON.stringify(p.fields) })), expiresAt: posts[0].expiresAt };
  }

  /** `POST /media360/upload-complete`: the 360 once every frame is checked; 400 with the reason when refused, 409 while a frame is missing. */
  async uploadComplete(actor: Actor, body: Media360UploadCompleteBody): Promise<Media360View> {
    const row = await this.rows.findById(this.ds.manager, body.media360Id);
    if (!row) throw RpcError.notFound(MEDIA360_MESSAGES.notFound);
    await this.access.readFor(actor, row.orderId, MEDIA360_MESSAGES.notFound, true);
    const done = (await this.complete(row.id)) ?? row;
    if (done.status === 'rejected') throw RpcError.badRequest(done.failureReason ?? MEDIA360_MESSAGES.notUploaded);
    if (done.status === 'awaiting-upload') {
      if (done.uploadExpiresAt.getTime() < Date.now()) throw RpcError.badRequest(IMAGE_MESSAGES.uploadExpired);
      throw new RpcError(409, done.failureReason ?? MEDIA360_MESSAGES.notUploaded);
    }
    return this.view(done);
  }

  /** Checks an awaited 360, frame by frame; one completion at a time per 360. */
  complete(id: string): Promise<Media360 | null> {
    const running = this.running.get(id);
    if (running) return running;
    const work = this.doComplete(id).finally(() => this.running.delete(id));
    this.running.set(id, work);
    return work;
  }

  /**
   * Every frame present first (a HEAD each: a missing one answers at once, nothing read);
   * then frame by frame, one in memory at a time: checked, compared with the first frame's
   * size, and stored under its final key. A refused frame removes the frames already stored.
   */
  private async doComplete(id: string): Promise<Media360 | null> {
    const row = await this.rows.findById(this.ds.manager, id);
    if (!row || row.status !== 'awaiting-upload') return row;
    for (const [index, frame] of row.frames.entries()) {
      if (await this.files.exists(frame.uploadKey)) continue;
      const which = row.kind === 'interior360' ? 'the panorama' : `frame ${index + 1} of ${row.frameCount}`;
      // past its grant and the grace for a post begun just before: nothing more can arrive
      if (Date.now() > row.uploadExpiresAt.getTime() + MEDIA360_EXPIRY_GRACE_MS) return this.refuse(row, `The upload link expired before ${which} arrived`);
      return { ...row, failureReason: `${which.charAt(0).toUpperCase()}${which.slice(1)} has not been uploaded yet` };
    }
    const kept: Media360Frame[] = [];
    let size: { width: number; height: number } | null = null;
    const refuse = async (reason: string) => {
      for (const frame of kept) if (frame.key) await this.files.delete(frame.key).catch(() => undefined);
      return this.refuse(row, reason);
    };
    for (const [index, frame] of row.frames.entries()) {
      let one: CheckedFrame;
      try {
        one = await this.files.check(row.kind, index, frame.uploadKey);
      } catch (err) {
        // gone between the HEAD and the read: still awaited, as before the HEAD
        if (err instanceof FrameMissingError) return { ...row, failureReason: MEDIA360_MESSAGES.notUploaded };
        if (err instanceof FrameRejectedError) return refuse(err.message);
        throw err;
      }
      if (size && (one.width !== size.width || one.height !== size.height)) {
        return refuse(`Frame ${index + 1} (${one.width} × ${one.height}) ${MEDIA360_MESSAGES.sizesDiffer} (${size.width} × ${size.height})`);
      }
      size ??= { width: one.width, height: one.height };
      const key = ObjectKeys.media360Frame(row.orderId, row.id, index, one.ext);
      await this.files.put(key, one.bytes, one.mime);
      kept.push({ uploadKey: frame.uploadKey, contentType: one.mime as Media360ContentType, key, size: one.bytes.length });
    }
    const accepted = await inTransaction(this.ds, async (m) => {
      const current = await this.rows.lockForUpdate(m, id);
      if (!current || current.status !== 'awaiting-upload') return current;
      Object.assign(current, {
        status: 'ready',
        frames: kept,
        width: size?.width ?? null,
        height: size?.height ?? null,
        totalSize: kept.reduce((sum, f) => sum + (f.size ?? 0), 0),
        failureReason: null,
      } satisfies Partial<Media360>);
      return this.rows.save(m, current);
    });
    await this.deleteStaging(row);
    return accepted;
  }

  /**
   * The sweeper's pass: every awaited 360 whose grants expired (plus the grace) is checked a
   * last time, accepted when all its frames are there, refused otherwise, so its staging
   * objects are removed after their grants (`upload_leftover`). Answers how many were settled.
   */
  async settleExpired(): Promise<number> {
    const ids = await this.rows.expiredAwaiting(this.ds.manager, new Date(Date.now() - MEDIA360_EXPIRY_GRACE_MS), SWEEP_BATCH);
    for (const id of ids) {
      try {
        await this.complete(id);
      } catch (err) {
        this.logger.warn({ err, media360Id: id }, 'could not settle an expired 360 upload; it is tried again later');
      }
    }
    return ids.length;
  }

  private async refuse(row: Media360, reason: string): Promise<Media360 | null> {
    const refused = await inTransaction(this.ds, async (m) => {
      const current = await this.rows.lockForUpdate(m, row.id);
      if (!current || current.status !== 'awaiting-upload') return current;
      current.status = 'rejected';
      current.failureReason = reason;
      return this.rows.save(m, current);
    });
    if (refused?.status === 'rejected') await this.deleteStaging(row);
    return refused;
  }

  private async deleteStaging(row: Media360): Promise<void> {
    for (const frame of row.frames) {
      await this.files.delete(frame.uploadKey).catch((err: unknown) => this.logger.warn({ err, media360Id: row.id }, 'could not remove an uploaded 360 frame'));
    }
  }

  /** `GET /media360/order/{id}`: the order's 360s, oldest first; admin and QA also see refused ones with the reason. */
  async ofOrder(actor: Actor, orderId: string): Promise<Media360View[]> {
    await this.access.read(actor, orderId);
    const statuses: Media360Status[] = OrderAccessService.seesRefusedMedia(actor) ? ['ready', 'rejected'] : ['ready'];
    const rows = await this.rows.ofOrder(this.ds.manager, orderId, statuses);
    return rows.map((r) => this.view(r));
  }

  view(row: Media360): Media360View {
    const ready = row.status === 'ready';
    return {
      id: row.id,
      orderId: row.orderId,
      kind: row.kind,
      status: row.status,
      frameCount: row.frameCount,
      width: row.width,
      height: row.height,
      totalSize: row.totalSize,
      frameUrls: ready ? row.frames.map((f) => this.files.signedGet(f.key ?? f.uploadKey, VIEW_URL_TTL_SECONDS)) : [],
      failureReason: row.failureReason,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
