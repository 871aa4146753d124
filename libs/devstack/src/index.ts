export * from './embedded-s3';
