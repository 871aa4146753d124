import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { deliveryApp } from './delivery.app';
import { DeliveryConfig } from './delivery.config';

void runServiceMain(deliveryApp, DeliveryConfig);
