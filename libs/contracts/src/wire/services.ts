/**
 * The seven back-end services. The name is also the NATS queue group, the first token of
 * every request-reply subject the service answers, and (with "-" as "_") its PostgreSQL schema.
 */
export const SERVICE_NAMES = [
  'users',
  'style-guides',
  'orders',
  'images',
  'pipeline',
  'delivery',
  'statistics',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** PostgreSQL schema owned by a service: identifiers without quoting need "_" instead of "-". */
export function schemaOf(service: ServiceName): string {
  return service.replace(/-/g, '_');
}
