/**
 * JetStream streams. Names and subjects are public: renaming one strands messages in flight.
 * A namespace (NATS_NAMESPACE) prefixes every subject and stream name so that several
 * installations or test runs can share one NATS server without seeing each other's traffic.
 */
export const STREAMS = {
  /** domain events, at least once, kept for replay */
  EVENTS: { name: 'EVENTS', subjects: ['evt.>'] },
  /** pipeline jobs: a work queue, each job taken by one worker */
  PIPELINE: { name: 'PIPELINE', subjects: ['pipeline.>'] },
  /** messages that exceeded their consumer's redeliveries, kept for operators */
  DEADLETTER: { name: 'DEADLETTER', subjects: ['dlq.>'] },
} as const;

export type StreamKey = keyof typeof STREAMS;

/** Subject of the dead letter copy of a message that a durable consumer gave up on. */
export function deadLetterSubject(durable: string): string {
  return `dlq.${durable}`;
}

export class Namespace {
  constructor(readonly prefix: string) {
    if (prefix && !/^[A-Za-z0-9_-]+$/.test(prefix)) {
      throw new Error(`NATS namespace "${prefix}" may hold only letters, digits, "_" and "-"`);
    }
  }

  subject(subject: string): string {
    return this.prefix ? `${this.prefix}.${subject}` : subject;
  }

  /** The subject a handler is registered under, from the subject seen on the wire. */
  strip(subject: string): string {
    return this.prefix && subject.startsWith(`${this.prefix}.`)
      ? subject.slice(this.prefix.length + 1)
      : subject;
  }

  stream(name: string): string {
    return this.prefix ? `${this.prefix}_${name}` : name;
  }

  /** durable consumer names may not hold "." */
  durable(name: string): string {
    return this.prefix ? `${this.prefix}_${name}` : name;
  }
}
