import { BackfillRpc, type BackfillPagePayload, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { StatisticsExportService } from './statistics-export.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class StatisticsExportMessagesController {
  constructor(private readonly exports: StatisticsExportService) {}

  @RpcHandler(BackfillRpc.users)
  backfill(@Payload() { actor, data }: RpcEnvelope<BackfillPagePayload>) {
    return this.exports.page(actor, data);
  }
}
