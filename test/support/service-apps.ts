import type { ServiceName } from '@app/contracts';
import type { DatabaseConfig } from '@app/config';
import type { ServiceApp } from '@app/service-kit';
import { deliveryApp } from '../../services/delivery/src/delivery.app';
import { DeliveryConfig } from '../../services/delivery/src/delivery.config';
import { imagesApp } from '../../services/images/src/images.app';
import { ImagesConfig } from '../../services/images/src/images.config';
import { ordersApp } from '../../services/orders/src/orders.app';
import { OrdersConfig } from '../../services/orders/src/orders.config';
import { pipelineApp } from '../../services/pipeline/src/pipeline.app';
import { PipelineConfig } from '../../services/pipeline/src/pipeline.config';
import { statisticsApp } from '../../services/statistics/src/statistics.app';
import { StatisticsConfig } from '../../services/statistics/src/statistics.config';
import { styleGuidesApp } from '../../services/style-guides/src/style-guides.app';
import { StyleGuidesConfig } from '../../services/style-guides/src/style-guides.config';
import { usersApp } from '../../services/users/src/users.app';
import { UsersConfig } from '../../services/users/src/users.config';

export interface ServiceEntry {
  app: ServiceApp<DatabaseConfig>;
  configClass: new () => DatabaseConfig;
}

/** Every service's app and config class, for booting them in-process in tests. */
export const SERVICE_APPS: Record<ServiceName, ServiceEntry> = {
  users: { app: usersApp as ServiceApp<DatabaseConfig>, configClass: UsersConfig },
  'style-guides': { app: styleGuidesApp as ServiceApp<DatabaseConfig>, configClass: StyleGuidesConfig },
  orders: { app: ordersApp as ServiceApp<DatabaseConfig>, configClass: OrdersConfig },
  images: { app: imagesApp as ServiceApp<DatabaseConfig>, configClass: ImagesConfig },
  pipeline: { app: pipelineApp as ServiceApp<DatabaseConfig>, configClass: PipelineConfig },
  delivery: { app: deliveryApp as ServiceApp<DatabaseConfig>, configClass: DeliveryConfig },
  statistics: { app: statisticsApp as ServiceApp<DatabaseConfig>, configClass: StatisticsConfig },
};
