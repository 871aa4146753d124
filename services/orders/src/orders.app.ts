import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { Module } from '@nestjs/common';
import { OrderPolicy } from './access/order-policy';
import { DemoSeed } from './demo/demo-seed';
import { EventsMessagesController } from './events/events.messages.controller';
import { EventsRepository } from './events/events.repository';
import { EventsService } from './events/events.service';
import { OrderEvent } from './events/order-event.entity';
import { DeliveryConsumer } from './lifecycle/delivery.consumer';
import { LifecycleConsumers } from './lifecycle/lifecycle.consumers';
import { Tags1764000000000 } from './migrations/1764000000000-tags';
import { OrderDayTally1764200000001 } from './migrations/1764200000001-order-day-tally';
import { OrderSearchVersion1764200000002 } from './migrations/1764200000002-order-search-version';
import { OrderThumbnail1764200000003 } from './migrations/1764200000003-order-thumbnail';
import { OrderDelivery1764600000000 } from './migrations/1764600000000-order-delivery';
import { Orders1764200000000 } from './migrations/1764200000000-orders';
import { AccountCleanupConsumer } from './orders/account-cleanup.consumer';
import { Order } from './orders/order.entity';
import { OrderTransitions } from './orders/order-transitions';
import { OrdersMessagesController } from './orders/orders.messages.controller';
import { OrdersRepository } from './orders/orders.repository';
import { OrdersService } from './orders/orders.service';
import { OrdersConfig } from './orders.config';
import { ActorNames } from './shared/actor-names';
import { Tag } from './tags/tag.entity';
import { TagAssignmentsRepository } from './tags/tag-assignments.repository';
import { TagAssignmentsService } from './tags/tag-assignments.service';
import { TagsMessagesController } from './tags/tags.messages.controller';
import { TagsRepository } from './tags/tags.repository';
import { TagsService } from './tags/tags.service';

@Module({
  controllers: [OrdersMessagesController, EventsMessagesController, TagsMessagesController],
  providers: [
    OrderPolicy,
    ActorNames,
    OrdersRepository,
    EventsRepository,
    TagsRepository,
    TagAssignmentsRepository,
    OrderTransitions,
    OrdersService,
    EventsService,
    TagsService,
    TagAssignmentsService,
    LifecycleConsumers,
    DeliveryConsumer,
    AccountCleanupConsumer,
    DemoSeed,
  ],
})
class OrdersFeatureModule {}

/** The orders service: owns orders, status rules, the event timeline, tags and their assignments. */
export const ordersApp: ServiceApp<OrdersConfig> = {
  definition: {
    name: 'orders',
    entities: [Tag, Order, OrderEvent],
    migrations: [Tags1764000000000, Orders1764200000000, OrderDayTally1764200000001, OrderSearchVersion1764200000002, OrderThumbnail1764200000003, OrderDelivery1764600000000],
  },
  // storage only to sign the links of the list's pictures: no call to S3
  modules: (config) => [StorageModule.forRoot(config, { ensureBucket: false }), OrdersFeatureModule],
};
