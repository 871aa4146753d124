import type { ServiceApp } from '@app/service-kit';
import { UsersConfig } from './users.config';

/** The users service: owns accounts, roles, permissions, sales people, integrations, app settings, app versions, banners, sessions. */
export const usersApp: ServiceApp<UsersConfig> = {
  definition: {
    name: 'users',
    entities: [],
    migrations: [],
  },
  modules: (_config) => [],
};
