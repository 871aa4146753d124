export * from './embedded-s3';
export * from './s3-credentials';
export * from './embedded-postgres';
export * from './nats-server';
export * from './smtp-capture';
export * from './process-group';
export * from './ffmpeg';
