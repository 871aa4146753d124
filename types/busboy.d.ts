declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  interface BusboyConfig {
    headers: IncomingHttpHeaders;
    limits?: { fieldSize?: number; fields?: number; files?: number; parts?: number; fieldNameSize?: number };
    preservePath?: boolean;
  }

  interface FieldInfo {
    nameTruncated: boolean;
    valueTruncated: boolean;
    encoding: string;
    mimeType: string;
  }

  interface FileInfo {
    filename: string | undefined;
    encoding: string;
    mimeType: string;
  }

  interface Busboy extends Writable {
    on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: 'file', listener: (name: string, stream: Readable & { truncated?: boolean }, info: FileInfo) => void): this;
    on(event: 'close', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'partsLimit' | 'filesLimit' | 'fieldsLimit', listener: () => void): this;
  }

  function busboy(config: BusboyConfig): Busboy;
  export default busboy;
}
