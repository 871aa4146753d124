import { Module } from '@nestjs/common';
import { AutoDeliveryConsumer } from './auto-delivery.consumer';
import { DeliveryCleanupConsumer } from './cleanup.consumer';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryOrderStatesRepository } from './delivery-order-states.repository';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DeliveryProgress } from './delivery-progress';
import { DeliveryQueueMetrics } from './delivery-queue.metrics';
import { DeliveryQueueMessagesController } from './delivery-queue.messages.controller';
import { DeliveryQueueService } from './delivery-queue.service';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';
import { DeliveryWorker } from './delivery-worker';
import { RobotService } from './robot.service';
import { RobotCredentialsRepository } from './robot-credentials.repository';

/**
 * The delivery queue, the worker and the robot API. The worker delivers through the
 * `OrderDeliverer` bound under `ORDER_DELIVERER` by a global module (the deliverers'); none
 * bound, push messages wait.
 */
@Module({
  controllers: [DeliveryQueueMessagesController],
  providers: [
    DeliveryMessagesRepository,
    DeliveryReceiptsRepository,
    DeliveryOrderStatesRepository,
    RobotCredentialsRepository,
    DeliveryProgress,
    DeliveryOutcomes,
    DeliveryQueueService,
    RobotService,
    DeliveryWorker,
    DeliveryCleanupConsumer,
    AutoDeliveryConsumer,
    DeliveryQueueMetrics,
  ],
  exports: [DeliveryWorker],
})
export class QueueModule {}
