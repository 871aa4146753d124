import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ImagingModule } from '../imaging/imaging.module';
import { RoutesModule } from '../routes/routes.module';
import { JobRunner } from './job-runner.service';
import { PipelineWorker } from './pipeline.worker';
import { RouteRegistry } from './route-registry';

/** Jobs: the lanes' consumers, the runner and the route registry checked at boot. */
@Module({
  imports: [DiscoveryModule, ImagingModule, RoutesModule],
  providers: [RouteRegistry, JobRunner, PipelineWorker],
})
export class JobsModule {}
