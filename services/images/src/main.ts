import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { imagesApp } from './images.app';
import { ImagesConfig } from './images.config';

void runServiceMain(imagesApp, ImagesConfig);
