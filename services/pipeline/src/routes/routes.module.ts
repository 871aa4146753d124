import { Module } from '@nestjs/common';
import { ImagingModule } from '../imaging/imaging.module';
import { SegmentationModule } from '../segmentation/segmentation.module';
import { AiNoEnhancerRoute } from './ai-no-enh.route';
import { BypassRoute } from './bypass.route';
import { EnhancerRoute } from './enhancer.route';
import { FeaturedRoute } from './featured.route';
import { FullRoute } from './full.route';
import { LogoOnlyRoute } from './logo-only.route';
import { RouteSteps } from './route-steps';

/** One handler per route, found by the route registry through their decorator. */
export const ROUTE_HANDLERS = [FullRoute, AiNoEnhancerRoute, EnhancerRoute, BypassRoute, FeaturedRoute, LogoOnlyRoute];

@Module({
  imports: [ImagingModule, SegmentationModule],
  providers: [RouteSteps, ...ROUTE_HANDLERS],
})
export class RoutesModule {}
