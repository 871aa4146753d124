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

declare module '@20minutes/s3rver/lib/models/account' {
  /** the one account s3rver knows; its key pairs are the access keys it takes */
  export const DUMMY_ACCOUNT: {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  };
}

declare module '@20minutes/s3rver/lib/stores/filesystem' {
  /** s3rver's store of objects in files: `<key>._S3rver_object` with its metadata beside */
  export default class FilesystemStore {
    putObject(object: unknown): Promise<{ size: number; md5: string }>;
  }
}

declare module '@20minutes/s3rver/lib/models/object' {
  /** s3rver's object as its store hands it to the controllers (size, ETag and dates from `metadata`) */
  export default class S3Object {
    constructor(bucket: string, key: string, content: NodeJS.ReadableStream | null, metadata: Record<string, string>);
    metadata: Record<string, string>;
    content: NodeJS.ReadableStream | null;
    range?: { start: number; end: number };
  }
}
