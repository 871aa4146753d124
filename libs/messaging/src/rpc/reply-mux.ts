import { createInbox, ErrorCode, NatsError, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';

interface Pending {
  resolve(msg: Msg): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Request-reply over one inbox subscription of the connection: each request publishes with a
 * reply subject `<inbox>.<token>` and waits for the message on it (or NATS's "no responders"
 * status, or its timeout). The client library's own `request` does the same, but makes an
 * error object (with its stack trace) for every request it completes, to reject a promise that
 * is already resolved: at every signed-in request of the gateway, that was measurable.
 * Rejections carry the library's error codes (`ErrorCode.NoResponders`, `ErrorCode.Timeout`).
 */
export class ReplyMux {
  private readonly inbox = createInbox();
  private readonly pending = new Map<string, Pending>();
  private sub: Subscription | null = null;
  private next = 0;

  constructor(private readonly nc: NatsConnection) {}

  request(subject: string, data: Uint8Array, opts: { timeout: number; headers?: MsgHdrs }): Promise<Msg> {
    const token = (this.next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      try {
        this.listen();
      } catch (err) {
        reject(err as Error);
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(NatsError.errorForCode(ErrorCode.Timeout));
      }, opts.timeout);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: `${this.inbox}.${token}`, headers: opts.headers });
      } catch (err) {
        clearTimeout(timer);
        this.pending.delete(token);
        reject(err as Error);
      }
    });
  }

  /** The inbox subscription, made with the first request; requests still waiting when the connection closes fail at once. */
  private listen(): void {
    if (this.sub) return;
    this.sub = this.nc.subscribe(`${this.inbox}.*`, { callback: (err, msg) => (err ? this.failAll(err) : this.answer(msg)) });
    void this.nc.closed().then((err) => this.failAll(err ?? NatsError.errorForCode(ErrorCode.ConnectionClosed)));
  }

  private answer(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length + 1);
    const waiting = this.pending.get(token);
    // a late answer (after its timeout) has nobody waiting
    if (!waiting) return;
    this.pending.delete(token);
    clearTimeout(waiting.timer);
    if (msg.headers?.code === 503 && msg.data.length === 0) waiting.reject(NatsError.errorForCode(ErrorCode.NoResponders));
    else waiting.resolve(msg);
  }

  /** The subscription or the connection ended: every request waiting fails with its reason. */
  private failAll(err: Error): void {
    for (const [token, waiting] of this.pending) {
      this.pending.delete(token);
      clearTimeout(waiting.timer);
      waiting.reject(err);
    }
  }
}
