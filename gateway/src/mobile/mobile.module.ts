import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MobileController } from './mobile.controller';

@Module({ imports: [AuthModule], controllers: [MobileController] })
export class MobileModule {}
