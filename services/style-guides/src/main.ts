import 'reflect-metadata';
import { runServiceMain } from '@app/service-kit';
import { styleGuidesApp } from './style-guides.app';
import { StyleGuidesConfig } from './style-guides.config';

void runServiceMain(styleGuidesApp, StyleGuidesConfig);
