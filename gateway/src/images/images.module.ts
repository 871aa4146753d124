import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ImagesController } from './images.controller';
import { ReEditRequestsController } from './re-edit-requests.controller';
import { VideosController } from './videos.controller';

@Module({ imports: [AuthModule], controllers: [ImagesController, VideosController, ReEditRequestsController] })
export class ImagesModule {}
