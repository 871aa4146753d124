import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsController } from './events.controller';
import { OrdersController } from './orders.controller';
import { QaWorkspaceController } from './qa-workspace.controller';
import { TagsController } from './tags.controller';

@Module({ imports: [AuthModule], controllers: [QaWorkspaceController, OrdersController, EventsController, TagsController] })
export class OrdersModule {}
