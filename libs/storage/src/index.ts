export * from './storage.service';
export * from './file-type';
export * from './object-keys';
export * from './storage.module';
export * from './sigv4';
export * from './get-url-signer';
export * from './edit-disclosure';
