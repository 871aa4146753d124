import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { ordersApp } from './orders.app';
import { OrdersConfig } from './orders.config';

void runServiceMain(ordersApp, OrdersConfig);
