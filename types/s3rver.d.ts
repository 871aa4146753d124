declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  /** the part of Koa's context that a middleware put in front of s3rver's own uses */
  interface S3rverContext {
    get(header: string): string;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list: s3rver is a Koa application */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => unknown>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
