/**
 * The shape of the product's ids (orders, images, accounts, …): a UUID, any version, either
 * case. The one copy of the pattern, for the server (cursors, robot keys, ids read from event
 * payloads, SQL through `UUID_PATTERN.source`) and the web app (links whose id names nothing).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a string shaped like a UUID. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
