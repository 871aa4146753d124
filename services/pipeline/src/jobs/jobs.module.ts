import { Module } from '@nestjs/common';
import { ImagingModule } from '../imaging/imaging.module';
import { RoutesModule } from '../routes/routes.module';
import { JobRunner } from './job-runner.service';
import { JobsRepository } from './jobs.repository';
import { PipelineWorker } from './pipeline.worker';
import { RouteRegistry } from './route-registry';

/** Jobs: the lanes' consumers, the runner, the job records and the route registry checked at boot. */
@Module({
  imports: [ImagingModule, RoutesModule],
  providers: [JobsRepository, RouteRegistry, JobRunner, PipelineWorker],
})
export class JobsModule {}
