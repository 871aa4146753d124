import { RpcError, STYLE_GUIDE_MESSAGES } from '@app/contracts';
import { isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Configuration } from './configuration.entity';

/** The configurations of style guides (`style_guide_configuration`), one per position of a guide. */
@Injectable()
export class ConfigurationsRepository {
  /** The configuration; with `lock`, locked until the transaction ends. */
  findById(m: EntityManager, id: string, lock = false): Promise<Configuration | null> {
    return m.findOne(Configuration, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The guide's configurations, by position when `byPosition`. */
  ofGuide(m: EntityManager, styleGuideId: string, byPosition = false): Promise<Configuration[]> {
    return m.find(Configuration, { where: { styleGuideId }, ...(byPosition ? { order: { position: 'ASC' as const } } : {}) });
  }

  /** How many configurations each guide has (guides without any are left out). */
  async countsOf(m: EntityManager, styleGuideIds: string[]): Promise<Map<string, number>> {
    const rows: Array<{ style_guide_id: string; n: number }> = await m.query(
      'SELECT style_guide_id, count(*)::int AS n FROM style_guide_configuration WHERE style_guide_id = ANY($1::uuid[]) GROUP BY style_guide_id',
      [styleGuideIds],
    );
    return new Map(rows.map((r) => [r.style_guide_id, r.n]));
  }

  create(m: EntityManager, fields: Partial<Configuration>): Configuration {
    return m.create(Configuration, fields);
  }

  /** Saves a new or changed configuration; a position the guide already has is 409. */
  async save(m: EntityManager, c: Configuration): Promise<Configuration> {
    try {
      return await m.save(Configuration, c);
    } catch (err) {
      if (isUniqueViolation(err)) throw RpcError.conflict(STYLE_GUIDE_MESSAGES.positionTaken(c.position));
      throw err;
    }
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(Configuration, { id });
  }
}
