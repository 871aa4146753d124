import { Module } from '@nestjs/common';
import { ImagingModule } from '../imaging/imaging.module';
import { SegmentationModule } from '../segmentation/segmentation.module';
import { NumberPlates } from '../plates/number-plates';
import { RouteRunner } from './route-runner';
import { RouteSteps } from './route-steps';
import { PIPELINE_ROUTES, ROUTE_TABLE } from './route-table';

/** The route table, its steps and the one runner that takes a job through a route's steps. */
@Module({
  imports: [ImagingModule, SegmentationModule],
  providers: [RouteSteps, RouteRunner, NumberPlates, { provide: PIPELINE_ROUTES, useValue: ROUTE_TABLE }],
  exports: [RouteRunner, PIPELINE_ROUTES],
})
export class RoutesModule {}
