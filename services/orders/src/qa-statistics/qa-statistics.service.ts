import { REJECTION_REASONS_DEFAULT_DAYS, RpcError, type Actor, type RejectionReasonRow, type RejectionReasonsQuery } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import { QaStatisticsRepository } from './qa-statistics.repository';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string, field: string): Date {
  const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) throw RpcError.badRequest(`${field} must be a valid ISO 8601 date`);
  return d;
}

/** Numbers of the QA dashboards, counted from the timeline. */
@Injectable()
export class QaStatisticsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly stats: QaStatisticsRepository,
  ) {}

  /**
   * `GET /dashboard/rejection-reasons` (admin and QA): QA's and the dealerships' reasons per
   * style guide, from `from` (default 30 days ago) until `to` (default now; a date alone is
   * the whole of that day, UTC).
   */
  async rejectionReasons(actor: Actor, q: RejectionReasonsQuery): Promise<RejectionReasonRow[]> {
    OrderPolicy.assertStaff(actor);
    const before = q.to ? new Date(parseDate(q.to, 'to').getTime() + (DATE_ONLY.test(q.to) ? DAY_MS : 1)) : new Date(Date.now() + 1);
    const from = q.from ? parseDate(q.from, 'from') : new Date(before.getTime() - REJECTION_REASONS_DEFAULT_DAYS * DAY_MS);
    // a date at the end of what time can hold has no end of day
    if (Number.isNaN(before.getTime())) throw RpcError.badRequest('to must be a valid ISO 8601 date');
    if (from >= before) return [];
    return this.stats.rejectionReasons(this.ds.manager, from, before);
  }
}
