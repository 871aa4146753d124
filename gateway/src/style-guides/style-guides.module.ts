import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AnglesController, CarTypesController } from './catalogue.controller';
import { ConfigurationsController } from './configurations.controller';
import { MediaController } from './media.controller';
import { StyleGuidesController } from './style-guides.controller';

@Module({
  imports: [AuthModule],
  controllers: [StyleGuidesController, ConfigurationsController, AnglesController, CarTypesController, MediaController],
})
export class StyleGuidesModule {}
