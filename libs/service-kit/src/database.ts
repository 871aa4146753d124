import { schemaOf } from '@app/contracts';
import { MessagingTables1763700000000, OutboxMessage, ProcessedMessage } from '@app/messaging';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AfterCommitSubscriber } from './after-commit';
import type { ServiceDefinition } from './service-definition';

export interface DatabaseSettings {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
}

/**
 * TypeORM options of a service: its own schema (also the search_path, so raw SQL and
 * migrations land there), explicit migrations, never `synchronize`, and what `afterCommit`
 * needs.
 */
export function dataSourceOptions(def: ServiceDefinition, db: DatabaseSettings): DataSourceOptions {
  const schema = schemaOf(def.name);
  return {
    type: 'postgres',
    url: db.DATABASE_URL,
    schema,
    entities: [OutboxMessage, ProcessedMessage, ...def.entities],
    migrations: [MessagingTables1763700000000, ...def.migrations],
    // `afterCommit`: side effects that wait for their transaction
    subscribers: [AfterCommitSubscriber],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    applicationName: def.name,
    extra: { max: db.DATABASE_POOL_SIZE, options: `-c search_path=${schema},public` },
  };
}

/**
 * Creates the schema and runs pending migrations under an advisory lock, so replicas that
 * start together migrate once. Returns the names of the migrations it ran.
 */
export async function migrate(dataSource: DataSource, def: ServiceDefinition): Promise<string[]> {
  const schema = schemaOf(def.name);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** Connects, migrates and returns the DataSource of a service. */
export async function openDatabase(def: ServiceDefinition, db: DatabaseSettings): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(def, db));
  await dataSource.initialize();
  try {
    await migrate(dataSource, def);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}
