import type { ServiceApp } from '@app/service-kit';
import { OrdersConfig } from './orders.config';

/** The orders service: owns orders, status rules, the event timeline, tags and QA assignment. */
export const ordersApp: ServiceApp<OrdersConfig> = {
  definition: {
    name: 'orders',
    entities: [],
    migrations: [],
  },
  modules: (_config) => [],
};
