import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { Module } from '@nestjs/common';
import { OrderPolicy } from './access/order-policy';
import { DemoSeed } from './demo/demo-seed';
import { EventsMessagesController } from './events/events.messages.controller';
import { EventsRepository } from './events/events.repository';
import { EventsService } from './events/events.service';
import { OrderEvent } from './events/order-event.entity';
import { PushTimelineConsumer } from './events/push-timeline.consumer';
import { DeliveryConsumer } from './lifecycle/delivery.consumer';
import { LifecycleConsumers } from './lifecycle/lifecycle.consumers';
import { Tags1764000000000 } from './migrations/1764000000000-tags';
import { OrderDayTally1764200000001 } from './migrations/1764200000001-order-day-tally';
import { OrderSearchVersion1764200000002 } from './migrations/1764200000002-order-search-version';
import { OrderThumbnail1764200000003 } from './migrations/1764200000003-order-thumbnail';
import { OrderEventRejectionIndex1764200000050 } from './migrations/1764200000050-order-event-rejection-index';
import { OrderDelivery1764600000000 } from './migrations/1764600000000-order-delivery';
import { Orders1764200000000 } from './migrations/1764200000000-orders';
import { QaWorkspace1764300000010 } from './migrations/1764300000010-qa-workspace';
import { OrderEventSeqIndex1764700000100 } from './migrations/1764700000100-order-event-seq-index';
import { OrderAccountStatusIndex1764800000000 } from './migrations/1764800000000-order-account-status-index';
import { OrderDeliveryDestinations1764900000100 } from './migrations/1764900000100-order-delivery-destinations';
import { ImageErrorTags1764900000200 } from './migrations/1764900000200-image-error-tags';
import { OrderPicture1765000000501 } from './migrations/1765000000501-order-picture';
import { TimelinePayloadShapes1765000001100 } from './migrations/1765000001100-timeline-payload-shapes';
import { OrderImageIds1765000001201 } from './migrations/1765000001201-order-image-ids';
import { AccountCleanupConsumer } from './orders/account-cleanup.consumer';
import { Order } from './orders/order.entity';
import { OrderTransitions } from './orders/order-transitions';
import { OrdersMessagesController } from './orders/orders.messages.controller';
import { OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';
import { OrdersConfig } from './orders.config';
import { QaStatisticsMessagesController } from './qa-statistics/qa-statistics.messages.controller';
import { QaStatisticsRepository } from './qa-statistics/qa-statistics.repository';
import { QaStatisticsService } from './qa-statistics/qa-statistics.service';
import { QaTaskChanges } from './qa-workspace/qa-task-changes';
import { QaTasksRepository } from './qa-workspace/qa-tasks.repository';
import { QaWorkspaceMessagesController } from './qa-workspace/qa-workspace.messages.controller';
import { QaWorkspaceService } from './qa-workspace/qa-workspace.service';
import { ActorNames } from './shared/actor-names';
import { OrdersExportRepository } from './statistics-export/orders-export.repository';
import { StatisticsExportMessagesController } from './statistics-export/statistics-export.messages.controller';
import { StatisticsExportService } from './statistics-export/statistics-export.service';
import { Tag } from './tags/tag.entity';
import { TagAssignmentsRepository } from './tags/tag-assignments.repository';
import { TagAssignmentsService } from './tags/tag-assignments.service';
import { TagsMessagesController } from './tags/tags.messages.controller';
import { TagsRepository } from './tags/tags.repository';
import { TagsService } from './tags/tags.service';

@Module({
  controllers: [OrdersMessagesController, EventsMessagesController, TagsMessagesController, QaStatisticsMessagesController, QaWorkspaceMessagesController, StatisticsExportMessagesController],
  providers: [
    OrderPolicy,
    ActorNames,
    OrdersRepository,
    EventsRepository,
    TagsRepository,
    TagAssignmentsRepository,
    QaTasksRepository,
    QaTaskChanges,
    OrderTransitions,
    OrdersService,
    EventsService,
    TagsService,
    TagAssignmentsService,
    QaWorkspaceService,
    LifecycleConsumers,
    DeliveryConsumer,
    AccountCleanupConsumer,
    PushTimelineConsumer,
    DemoSeed,
    QaStatisticsRepository,
    QaStatisticsService,
    OrdersExportRepository,
    StatisticsExportService,
  ],
})
class OrdersFeatureModule {}

/** The orders service: owns orders, status rules, the event timeline, tags and their assignments, the QA work lists. */
export const ordersApp: ServiceApp<OrdersConfig> = {
  definition: {
    name: 'orders',
    entities: [Tag, Order, OrderEvent],
    migrations: [Tags1764000000000, Orders1764200000000, OrderDayTally1764200000001, OrderSearchVersion1764200000002, OrderThumbnail1764200000003, OrderEventRejectionIndex1764200000050, QaWorkspace1764300000010, OrderDelivery1764600000000, OrderEventSeqIndex1764700000100, OrderAccountStatusIndex1764800000000, OrderDeliveryDestinations1764900000100, ImageErrorTags1764900000200, OrderPicture1765000000501, TimelinePayloadShapes1765000001100, OrderImageIds1765000001201],
  },
  // storage only to sign the links of the list's pictures: no call to S3
  modules: (config) => [StorageModule.forRoot(config, { ensureBucket: false }), OrdersFeatureModule],
};
