/**
 * The wire contract: what the gateway's JSON holds (views, request bodies, string unions and
 * their lists), the limits and messages, and the plain rules on them. The web app imports
 * this entry (`@app/contracts/wire`); the rest of `libs/contracts` re-exports it. A wire
 * module imports only other wire modules: no decorators, no class-validator or
 * class-transformer, no reflect-metadata, no NATS, no Node built-ins (wire-imports.spec.ts).
 */
export * from './access';
export * from './app-settings';
export * from './app-versions';
export * from './auth';
export * from './banners';
export * from './dashboard';
export * from './delivery-queue';
export * from './image-versions';
export * from './images';
export * from './integrations';
export * from './media';
export * from './number-plates';
export * from './order-events';
export * from './orders';
export * from './paging';
export * from './password-policy';
export * from './re-edit-requests';
export * from './permissions';
export * from './push';
export * from './qa-workspace';
export * from './roles';
export * from './routes';
export * from './sales-people';
export * from './services';
export * from './style-guides';
export * from './tags';
export * from './uploads';
export * from './users';
export * from './videos';
export * from './uuid';
export * from './views';
export * from './delivery-files';
export * from './media360';
