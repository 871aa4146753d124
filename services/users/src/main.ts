import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { usersApp } from './users.app';
import { UsersConfig } from './users.config';

void runServiceMain(usersApp, UsersConfig);
