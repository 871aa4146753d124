import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import { PageQuery } from '../paging';
import type { Paged } from '../wire/paging';
import { defineRpc } from '../rpc';
import { queryBool } from '../transforms';
import type { OrderEventView } from '../wire/order-events';

export class EventPageQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'also show hidden events (admin and QA)' })
  @IsOptional()
  @Transform(queryBool)
  @IsBoolean()
  isHidden?: boolean;
}

export class OrderEventsPayload extends EventPageQuery {
  @IsUUID() id!: string;
}

export class UserEventsPayload extends EventPageQuery {
  @IsUUID() id!: string;
}

export const OrderEventsRpc = {
  ofOrder: defineRpc<OrderEventsPayload, Paged<OrderEventView>>('orders', 'events.of-order', OrderEventsPayload),
  ofUser: defineRpc<UserEventsPayload, Paged<OrderEventView>>('orders', 'events.of-user', UserEventsPayload),
};
