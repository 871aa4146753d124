export * from './storage.service';
export * from './file-type';
export * from './file-end';
/** the key layout is a contract (a pipeline job names keys): defined in @app/contracts, re-exported for the storage code */
export { ObjectKeys, type ImageVariant } from '@app/contracts';
export * from './storage.module';
export * from './sigv4';
export * from './get-url-signer';
export * from './edit-disclosure';
export * from './private-metadata';
