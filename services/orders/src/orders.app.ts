import type { ServiceApp } from '@app/service-kit';
import { Module } from '@nestjs/common';
import { Tags1764000000000 } from './migrations/1764000000000-tags';
import { OrdersConfig } from './orders.config';
import { Tag } from './tags/tag.entity';
import { TagsMessagesController } from './tags/tags.messages.controller';
import { TagsService } from './tags/tags.service';

@Module({ controllers: [TagsMessagesController], providers: [TagsService] })
class TagsModule {}

/** The orders service: owns orders, status rules, the event timeline, tags and QA assignment. */
export const ordersApp: ServiceApp<OrdersConfig> = {
  definition: {
    name: 'orders',
    entities: [Tag],
    migrations: [Tags1764000000000],
  },
  modules: () => [TagsModule],
};
