import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { statisticsApp } from './statistics.app';
import { StatisticsConfig } from './statistics.config';

void runServiceMain(statisticsApp, StatisticsConfig);
