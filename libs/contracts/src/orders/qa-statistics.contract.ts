import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import type { RejectionReasonRow, RejectionReasonsRequest } from '../wire';

/** `GET /dashboard/rejection-reasons?from&to` */
export class RejectionReasonsQuery implements RejectionReasonsRequest {
  @ApiPropertyOptional({ description: 'counted from (ISO time); defaults to 30 days ago' }) @IsOptional() @IsISO8601() from?: string;
  @ApiPropertyOptional({ description: 'counted until (ISO time; a date alone means the end of that day); defaults to now' }) @IsOptional() @IsISO8601() to?: string;
}

export type RejectionReasonBodiesMirrored = [Mirror<RejectionReasonsQuery, RejectionReasonsRequest>];

export const QaStatisticsRpc = {
  rejectionReasons: defineRpc<RejectionReasonsQuery, RejectionReasonRow[]>('orders', 'qa-statistics.rejection-reasons', RejectionReasonsQuery),
};
