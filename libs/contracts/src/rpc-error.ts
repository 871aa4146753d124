/**
 * The error every service throws across NATS: an HTTP-like status and a message meant for
 * the person who made the request. The gateway turns it into `{ statusCode, message }`.
 */
export interface RpcErrorBody {
  status: number;
  message: string;
}

export class RpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  toJSON(): RpcErrorBody {
    return { status: this.status, message: this.message };
  }

  static badRequest(message: string): RpcError {
    return new RpcError(400, message);
  }

  static unauthorized(message = 'Unauthorized'): RpcError {
    return new RpcError(401, message);
  }

  static forbidden(message = 'You do not have permission to do this.'): RpcError {
    return new RpcError(403, message);
  }

  static notFound(message = 'Not found'): RpcError {
    return new RpcError(404, message);
  }

  static conflict(message: string): RpcError {
    return new RpcError(409, message);
  }
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).status === 'number' &&
    typeof (value as RpcErrorBody).message === 'string'
  );
}
