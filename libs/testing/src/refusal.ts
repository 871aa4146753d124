import { RpcError } from '@app/contracts';
import { RpcCallError } from '@app/messaging';

/** What `run` throws (awaited), or null when it goes through: "refused, and with what" and "let through" in one `expect`. */
export async function refusal(run: () => unknown): Promise<Error | null> {
  try {
    await run();
    return null;
  } catch (err) {
    return err as Error;
  }
}

/**
 * The status and message of the `RpcError` a synchronous rule throws, or null when it lets the
 * call through; anything else thrown fails the test as it is.
 */
export function rpcRefusal(run: () => void): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    return { status: err.status, message: err.message };
  }
}

/** The status a call over NATS answers with: 200 when it goes through, else the `RpcCallError`'s; anything else thrown fails the test. */
export async function rpcStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (err) {
    if (err instanceof RpcCallError) return err.status;
    throw err;
  }
}
