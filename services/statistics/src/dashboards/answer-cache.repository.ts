import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The answers kept until they expire (`stat_answer`). The key is made by the service from the
 * question, the accounts it counted and the window, so one tenant's key never names another's
 * answer.
 */
@Injectable()
export class AnswerCacheRepository {
  /** the answer kept under `key`, unless it has expired */
  async find<T>(m: EntityManager, key: string, now: Date): Promise<T | null> {
    const rows: Array<{ answer: T }> = await m.query('SELECT answer FROM stat_answer WHERE key = $1 AND expires > $2', [key, now]);
    return rows[0]?.answer ?? null;
  }

  /** keeps `answer` until `expires` (replacing an expired one), and drops answers that have expired */
  async save(m: EntityManager, key: string, answer: unknown, expires: Date, now: Date): Promise<void> {
    await m.query(
      `INSERT INTO stat_answer (key, answer, expires) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET answer = EXCLUDED.answer, expires = EXCLUDED.expires`,
      [key, JSON.stringify(answer), expires],
    );
    await m.query('DELETE FROM stat_answer WHERE expires <= $1', [now]);
  }
}
