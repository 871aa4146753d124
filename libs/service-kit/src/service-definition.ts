import type { ServiceName } from '@app/contracts';
import type { EntitySchema, MigrationInterface } from 'typeorm';

/** What makes a service: its name, its entities and its migrations in order. */
export interface ServiceDefinition {
  name: ServiceName;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: Array<Function | EntitySchema>;
  migrations: Array<new () => MigrationInterface>;
}
