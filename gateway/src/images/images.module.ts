import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ImagesController } from './images.controller';
import { ReEditRequestsController } from './re-edit-requests.controller';
import { Media360Controller } from './media360.controller';
import { VideosController } from './videos.controller';

@Module({ imports: [AuthModule], controllers: [ImagesController, VideosController, Media360Controller, ReEditRequestsController] })
export class ImagesModule {}
