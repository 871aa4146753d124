import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface ExportedStyleGuide {
  id: string;
  name: string;
  updated_at: Date;
}

/** What the statistics export reads of the style guides, page by page by id. */
@Injectable()
export class StyleGuidesExportRepository {
  guidesAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedStyleGuide[]> {
    return m.query(`SELECT id, name, updated_at FROM style_guide WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`, [after, limit]);
  }
}
