import { isUuid, RpcError, StyleGuidesEvents, type Actor, type BackfillPage, type BackfillPagePayload } from '@app/contracts';
import { assertBackfillCaller, backfilled, backfillPage, BACKFILL_MESSAGES, type BackfillSection } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StyleGuidesExportRepository } from './style-guides-export.repository';


/**
 * `style-guides.statistics.backfill`: `StyleGuidesEvents.saved` of every style guide as it is
 * now, by id (id `backfill:style-guides:<id>`, at its last change), for the statistics
 * service's rebuild (System only).
 */
@Injectable()
export class StatisticsExportService {
  private readonly sections: BackfillSection[] = [
    {
      name: 'style-guides',
      read: async (after, limit) => {
        if (after !== null && !isUuid(after)) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
        return (await this.rows.guidesAfter(this.ds.manager, after, limit)).map((g) => ({
          key: g.id,
          events: [backfilled(StyleGuidesEvents.saved, `backfill:style-guides:${g.id}`, { styleGuideId: g.id, name: g.name, at: g.updated_at.toISOString() })],
        }));
      },
    },
  ];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly rows: StyleGuidesExportRepository,
  ) {}

  page(actor: Actor, p: BackfillPagePayload): Promise<BackfillPage> {
    assertBackfillCaller(actor);
    return backfillPage(this.sections, p);
  }
}
