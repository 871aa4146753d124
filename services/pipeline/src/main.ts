import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { pipelineApp } from './pipeline.app';
import { PipelineConfig } from './pipeline.config';

void runServiceMain(pipelineApp, PipelineConfig);
