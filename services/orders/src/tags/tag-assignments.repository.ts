import type { TagCategory, TagEntity, TagView } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

interface TagRow {
  entity_id: string;
  id: string;
  name: string;
  category: TagView['category'];
  entity: TagView['entity'];
  color: string;
  created_at: Date;
  updated_at: Date;
}

/** rows of tags by the entity they are on, into `into` (`add`: an entity not in it yet gets its list) */
function grouped(rows: readonly TagRow[], into: Map<string, TagView[]>, add = false): Map<string, TagView[]> {
  for (const r of rows) {
    let list = into.get(r.entity_id);
    if (!list && add) into.set(r.entity_id, (list = []));
    list?.push({
      id: r.id,
      name: r.name,
      category: r.category,
      entity: r.entity,
      color: r.color,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    });
  }
  return into;
}

export interface NewAssignment {
  entity: TagEntity;
  entityId: string;
  tagId: string;
  /** the order of an order or image tag */
  orderId: string | null;
  /** the account the tagged thing belongs to (its tags go when the account is deleted) */
  accountId: string | null;
  assignedBy: string | null;
}

/**
 * Tags put on orders, images and users. Each row remembers the order and account of what it
 * tags, so deleting an order or an account removes its tags without asking another service.
 */
@Injectable()
export class TagAssignmentsRepository {
  /** the tags of each entity, by category and name */
  async tagsOf(m: EntityManager, entity: TagEntity, entityIds: string[]): Promise<Map<string, TagView[]>> {
    const result = new Map<string, TagView[]>(entityIds.map((id) => [id, []]));
    if (!entityIds.length) return result;
    const rows: TagRow[] = await m.query(
      `SELECT a.entity_id, t.id, t.name, t.category, t.entity, t.color, t.created_at, t.updated_at
         FROM tag_assignment a JOIN tag t ON t.id = a.tag_id
        WHERE a.entity = $1 AND a.entity_id = ANY($2::uuid[])
        ORDER BY t.category, lower(t.name), t.id`,
      [entity, entityIds],
    );
    return grouped(rows, result);
  }

  /** the tags on the order's pictures, by image id (pictures without tags are not in it), by category and name */
  async imageTagsOfOrder(m: EntityManager, orderId: string): Promise<Map<string, TagView[]>> {
    const rows: TagRow[] = await m.query(
      `SELECT a.entity_id, t.id, t.name, t.category, t.entity, t.color, t.created_at, t.updated_at
         FROM tag_assignment a JOIN tag t ON t.id = a.tag_id
        WHERE a.order_id = $1 AND a.entity = 'image'
        ORDER BY t.category, lower(t.name), t.id`,
      [orderId],
    );
    return grouped(rows, new Map(), true);
  }

  async assign(m: EntityManager, a: NewAssignment): Promise<void> {
    await m.query(
      `INSERT INTO tag_assignment (entity, entity_id, tag_id, order_id, account_id, assigned_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [a.entity, a.entityId, a.tagId, a.orderId, a.accountId, a.assignedBy],
    );
  }

  async remove(m: EntityManager, entity: TagEntity, entityId: string, tagId: string): Promise<boolean> {
    const res: [unknown[], number] = await m.query(
      'DELETE FROM tag_assignment WHERE entity = $1 AND entity_id = $2 AND tag_id = $3 RETURNING tag_id',
      [entity, entityId, tagId],
    );
    return res[1] > 0;
  }

  /** Takes the order's tags of these categories off (a QA task closed takes its pick's tag with it). */
  async removeOfCategories(m: EntityManager, orderId: string, categories: readonly TagCategory[]): Promise<void> {
    await m.query(
      `DELETE FROM tag_assignment a USING tag t
        WHERE t.id = a.tag_id AND a.entity = 'order' AND a.entity_id = $1 AND t.category = ANY($2::text[])`,
      [orderId, categories],
    );
  }

  /** the order's tags and its images' tags */
  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM tag_assignment WHERE order_id = $1', [orderId]);
  }

  async deleteOfImages(m: EntityManager, imageIds: string[]): Promise<void> {
    if (imageIds.length) await m.query(`DELETE FROM tag_assignment WHERE entity = 'image' AND entity_id = ANY($1::uuid[])`, [imageIds]);
  }

  /** the account's own tags and those of its orders and their images */
  async deleteOfAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query("DELETE FROM tag_assignment WHERE account_id = $1 OR (entity = 'user' AND entity_id = $1)", [accountId]);
  }

  /** Tags a deleted user put on other accounts' things stay, without naming who put them. */
  async forgetAssigner(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE tag_assignment SET assigned_by = NULL WHERE assigned_by = $1', [userId]);
  }
}
