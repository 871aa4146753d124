import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DeliveryMessagesController } from './delivery-messages.controller';
import { OrderDeliveryController } from './order-delivery.controller';
import { RobotController } from './robot.controller';
import { robotKeyThrottleProvider } from './robot-key.guard';

@Module({ imports: [AuthModule], controllers: [OrderDeliveryController, DeliveryMessagesController, RobotController], providers: [robotKeyThrottleProvider] })
export class DeliveryModule {}
