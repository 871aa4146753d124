import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { rebuildCommand } from './rebuild/rebuild.command';
import { statisticsApp } from './statistics.app';
import { StatisticsConfig } from './statistics.config';

// `main.js rebuild`: the fact tables rebuilt from history, then live (docs/statistics.md)
if (process.argv[2] === 'rebuild') {
  void rebuildCommand(process.argv.slice(3));
} else {
  void runServiceMain(statisticsApp, StatisticsConfig);
}
