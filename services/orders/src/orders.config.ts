import { DatabaseConfig } from '@app/config';

/** Environment of the orders service (see the configuration table in the README). */
export class OrdersConfig extends DatabaseConfig {}
