import { queryPrepared } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Image } from './image.entity';
import type { ImageViewRow } from './image-views';

/** A time as `Date.toISOString()` writes it (UTC, milliseconds truncated as a JS Date keeps them). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The view columns of an image (`i`) and of its latest re-edit request (`r`, whatever its
 * state, as the views show it): the request is a walk of re_edit_request_image_idx
 * (image_id, created_at) backwards, one index probe per picture, so the pictures and their
 * requests are one statement.
 */
const VIEW_SELECT = `
  SELECT i.id, i.order_id AS "orderId", i.position, i.media_origin AS "mediaOrigin", i.types, i.optimised_via AS "optimisedVia",
         i.optimisation_status AS "optimisationStatus", i.failure_reason AS "failureReason", i.approved, i.needs_edition AS "needsEdition",
         i.original_key AS "originalKey", i.shared_original_key AS "sharedOriginalKey", i.optimized_key AS "optimizedKey", i.thumb_key AS "thumbKey",
         i.width, i.height, i.file_size AS "fileSize", i.sensor_data AS "sensorData",
         i.expected_angle AS "expectedAngle", i.detected_angle AS "detectedAngle", i.number_plates AS "numberPlates",
         ${iso('i.created_at')} AS "createdAt", ${iso('i.updated_at')} AS "updatedAt",
         r.id AS "reEditId", r.reason AS "reEditReason", r.text AS "reEditText", r.state AS "reEditState",
         ${iso('r.due_at')} AS "reEditDueAt", r.answer AS "reEditAnswer"
    FROM image i
    LEFT JOIN LATERAL (
      SELECT id, reason, text, state, due_at, answer FROM re_edit_request WHERE image_id = i.id ORDER BY created_at DESC LIMIT 1
    ) r ON true`;

/** The pictures of orders (`image`); their files are in S3 (`ImageFiles`). */
@Injectable()
export class ImagesRepository {
  findById(m: EntityManager, id: string): Promise<Image | null> {
    return m.findOne(Image, { where: { id } });
  }

  exists(m: EntityManager, id: string): Promise<boolean> {
    return m.exists(Image, { where: { id } });
  }

  /**
   * The image, locked until the transaction ends: a change read from it here is made once,
   * whatever runs at the same moment (an upload completed twice, two verdicts, a pipeline
   * result and a replacement). Null when it is gone.
   */
  lockForUpdate(m: EntityManager, id: string): Promise<Image | null> {
    return m.findOne(Image, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's image at a position, locked until the transaction ends. */
  lockAtPosition(m: EntityManager, orderId: string, position: number): Promise<Image | null> {
    return m.findOne(Image, { where: { orderId, position }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's images by position; with `only`, those of these ids alone. */
  ofOrder(m: EntityManager, orderId: string, only?: string[]): Promise<Image[]> {
    const qb = m.createQueryBuilder(Image, 'i').where('i.order_id = :orderId', { orderId }).orderBy('i.position', 'ASC');
    if (only) qb.andWhere('i.id = ANY(:ids)', { ids: only });
    return qb.getMany();
  }

  /**
   * The order's pictures by position as their views need them, each with its latest re-edit
   * request: one statement, plain rows (no entities), a walk of image_order_position_idx.
   */
  viewRowsOfOrder(m: EntityManager, orderId: string): Promise<ImageViewRow[]> {
    return queryPrepared<ImageViewRow>(m, 'images_view_rows_of_order', `${VIEW_SELECT} WHERE i.order_id = $1 ORDER BY i.position`, [orderId]);
  }

  /** One picture as its view needs it, with its latest re-edit request; null when it is gone. */
  async viewRowById(m: EntityManager, id: string): Promise<ImageViewRow | null> {
    const rows = await queryPrepared<ImageViewRow>(m, 'images_view_row_by_id', `${VIEW_SELECT} WHERE i.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The images of these ids, of any order (missing ids are left out). */
  byIds(m: EntityManager, ids: string[]): Promise<Image[]> {
    return m.createQueryBuilder(Image, 'i').where('i.id = ANY(:ids)', { ids }).getMany();
  }

  countOfOrder(m: EntityManager, orderId: string): Promise<number> {
    return m.count(Image, { where: { orderId } });
  }

  /** A new image row. */
  async insert(m: EntityManager, image: Partial<Image>): Promise<void> {
    // save, not insert: TypeORM's insert type does not take a free-form JSON column
    await m.save(Image, m.create(Image, image));
  }

  save(m: EntityManager, image: Image): Promise<Image> {
    return m.save(Image, image);
  }

  async update(m: EntityManager, id: string, changes: Partial<Pick<Image, 'replacementKey' | 'replacementContentType' | 'replacementExpiresAt' | 'sharedOriginalKey'>>): Promise<void> {
    await m.update(Image, { id }, changes);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(Image, { id });
  }

  /** Deletes the images of these ids; answers how many there were (another delete may have got there first). */
  async deleteByIds(m: EntityManager, ids: string[]): Promise<number> {
    const res: [unknown[], number] = await m.query('DELETE FROM image WHERE id = ANY($1) RETURNING id', [ids]);
    return res[1];
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM image WHERE order_id = $1', [orderId]);
  }

  /** The orders of an account that still have images here. */
  async orderIdsOfAccount(m: EntityManager, accountId: string): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await m.query('SELECT DISTINCT order_id FROM image WHERE account_id = $1', [accountId]);
    return rows.map((r) => r.order_id);
  }

  /** Pictures a deleted user put on other accounts' orders stay, without naming who did it. */
  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE image SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}
