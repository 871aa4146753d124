import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ImagesController } from './images.controller';
import { VideosController } from './videos.controller';

@Module({ imports: [AuthModule], controllers: [ImagesController, VideosController] })
export class ImagesModule {}
