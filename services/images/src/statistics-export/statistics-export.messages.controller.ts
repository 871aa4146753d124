import { BackfillRpc, type BackfillPagePayload, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { StatisticsExportService } from './statistics-export.service';

@Controller()
export class StatisticsExportMessagesController {
  constructor(private readonly exports: StatisticsExportService) {}

  @RpcHandler(BackfillRpc.images)
  backfill(@Payload() { actor, data }: RpcEnvelope<BackfillPagePayload>) {
    return this.exports.page(actor, data);
  }
}
