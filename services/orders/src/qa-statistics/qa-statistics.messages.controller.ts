import { QaStatisticsRpc, type RejectionReasonsQuery, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QaStatisticsService } from './qa-statistics.service';

@Controller()
export class QaStatisticsMessagesController {
  constructor(private readonly stats: QaStatisticsService) {}

  @RpcHandler(QaStatisticsRpc.rejectionReasons)
  rejectionReasons(@Payload() { actor, data }: RpcEnvelope<RejectionReasonsQuery>) {
    return this.stats.rejectionReasons(actor, data);
  }
}
