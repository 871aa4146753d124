import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { createAdminCommand } from './admin-bootstrap';
import { usersApp } from './users.app';
import { UsersConfig } from './users.config';

if (process.argv[2] === 'create-admin') {
  void createAdminCommand(process.argv[3]);
} else {
  void runServiceMain(usersApp, UsersConfig);
}
