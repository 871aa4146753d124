import { STREAMS, type Namespace, type StreamKey } from '@app/contracts';
import {
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import type { Logger } from 'pino';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;
const MINUTE_NS = 60 * 1_000_000_000;

/** Stream settings beyond name and subjects. */
const STREAM_SETTINGS: Record<StreamKey, Partial<StreamConfig>> = {
  EVENTS: {
    retention: RetentionPolicy.Limits,
    max_age: 14 * DAY_NS,
    duplicate_window: 2 * MINUTE_NS,
  },
  PIPELINE: {
    retention: RetentionPolicy.Workqueue,
    max_age: 7 * DAY_NS,
    duplicate_window: 2 * MINUTE_NS,
  },
  DEADLETTER: {
    retention: RetentionPolicy.Limits,
    max_age: 30 * DAY_NS,
    duplicate_window: 2 * MINUTE_NS,
  },
};

export function streamConfig(key: StreamKey, ns: Namespace, replicas = 1): Partial<StreamConfig> & { name: string; subjects: string[] } {
  const def = STREAMS[key];
  return {
    name: ns.stream(def.name),
    subjects: def.subjects.map((s) => ns.subject(s)),
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    num_replicas: replicas,
    ...STREAM_SETTINGS[key],
  };
}

export interface EnsureStreamsOptions {
  /**
   * Copies of each stream the JetStream cluster keeps (`NATS_STREAM_REPLICAS`). Given, an
   * existing stream with another count is changed to it; left out, streams are created with
   * one and an existing stream keeps whatever it has.
   */
  replicas?: number;
  logger?: Logger;
}

/** The setting is refused at boot: more copies asked than the NATS servers can hold. */
export class StreamReplicasError extends Error {
  constructor(replicas: number, servers: string) {
    super(
      `NATS_STREAM_REPLICAS is ${replicas} but ${servers}: set NATS_STREAM_REPLICAS to at most the number of ` +
        `JetStream servers in the cluster (1 for a single server), or run a cluster of at least ${replicas} servers`,
    );
    this.name = 'StreamReplicasError';
  }
}

/**
 * Whether the connected server is part of a cluster. A server outside one keeps a single
 * copy of a stream. In a cluster the servers themselves judge the placement: the client's
 * list of servers (`connect_urls`) lacks one that is restarting, and refusing to start then
 * would take the product down during every NATS upgrade.
 */
function isClustered(nc: NatsConnection): boolean {
  return Boolean(nc.info?.cluster);
}

/** The server's answer when a stream's copies cannot be placed (too few servers). */
function isPlacementRefusal(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number }; message?: string };
  // 10074: replicas > 1 on a server outside a cluster; 10005 / 10023: no peers / resources for them
  return [10074, 10005, 10023].includes(e?.api_error?.err_code ?? 0) || /replicas > 1 not supported|no suitable peers|insufficient resources/i.test(e?.message ?? '');
}

function isNotFound(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number }; code?: string; message?: string };
  return e?.api_error?.err_code === 10059 || e?.code === '404' || /stream not found/i.test(e?.message ?? '');
}

/**
 * Creates the EVENTS, PIPELINE and dead-letter streams, or brings their mutable settings up
 * to date (subjects, age limit, duplicate window and, when `replicas` is given, the number of
 * copies: JetStream changes it in place, and the change is logged). Safe to run from every
 * replica at every boot. Refuses, naming `NATS_STREAM_REPLICAS`, when more copies are asked
 * than the NATS servers can hold: a single server keeps one (checked before anything is
 * touched), a cluster at most one per server (the server's answer when a stream is created or
 * changed; streams already as asked are not touched, so a service starts while one server of
 * the cluster restarts).
 */
export async function ensureStreams(nc: NatsConnection, ns: Namespace, opts: EnsureStreamsOptions = {}): Promise<void> {
  const replicas = opts.replicas;
  const clustered = isClustered(nc);
  if (replicas !== undefined && replicas > 1 && !clustered) {
    throw new StreamReplicasError(replicas, 'the NATS server is not part of a cluster');
  }
  const refusedPlacement = (err: unknown): unknown =>
    replicas !== undefined && replicas > 1 && isPlacementRefusal(err)
      ? new StreamReplicasError(replicas, `the NATS cluster cannot place that many copies (${(err as Error).message})`)
      : err;
  const jsm: JetStreamManager = await nc.jetstreamManager();
  for (const key of Object.keys(STREAMS) as StreamKey[]) {
    const cfg = streamConfig(key, ns, replicas ?? 1);
    let info: Awaited<ReturnType<typeof jsm.streams.info>> | null = null;
    try {
      info = await jsm.streams.info(cfg.name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (info) {
      const wantReplicas = replicas ?? info.config.num_replicas;
      const same =
        JSON.stringify([...info.config.subjects].sort()) === JSON.stringify([...cfg.subjects].sort()) &&
        info.config.max_age === cfg.max_age &&
        info.config.duplicate_window === cfg.duplicate_window &&
        info.config.num_replicas === wantReplicas;
      if (!same) {
        try {
          await jsm.streams.update(cfg.name, {
            ...info.config,
            subjects: cfg.subjects,
            max_age: cfg.max_age,
            duplicate_window: cfg.duplicate_window,
            num_replicas: wantReplicas,
          });
        } catch (err) {
          throw refusedPlacement(err);
        }
        if (info.config.num_replicas !== wantReplicas) {
          opts.logger?.info(
            { stream: cfg.name, from: info.config.num_replicas, to: wantReplicas },
            `stream ${cfg.name} changed from ${info.config.num_replicas} to ${wantReplicas} replicas (NATS_STREAM_REPLICAS)`,
          );
        }
      }
      continue;
    }
    try {
      await jsm.streams.add(cfg);
    } catch (addErr) {
      // another replica created it between our look-up and our add
      if (!/already in use|stream name already/i.test((addErr as Error).message)) throw refusedPlacement(addErr);
    }
  }
}

/** How long a service at boot keeps asking a JetStream that does not answer its setup calls in time. */
export const JETSTREAM_SETUP_WAIT_MS = 60_000;

/**
 * True when a JetStream API call got no answer in time or no JetStream answered at all: a
 * cluster forming or electing its leaders, or busy creating replicated streams on a loaded
 * machine. Asking again a little later is the cure, not giving up the boot.
 */
export function isJetStreamNotAnswering(err: unknown): boolean {
  const e = err as { code?: string; message?: string; api_error?: { code?: number } };
  return e?.code === 'TIMEOUT' || e?.code === '503' || e?.api_error?.code === 503 || /^(TIMEOUT|503)$|no responders|JetStream system temporarily unavailable/i.test(e?.message ?? '');
}

/**
 * Runs a JetStream setup call (streams, durable consumers), asking again every second while
 * JetStream does not answer it in time (`isJetStreamNotAnswering`), for up to `waitMs`. Any
 * other refusal is thrown at once.
 */
export async function whileJetStreamAnswers<T>(what: string, fn: () => Promise<T>, opts: { waitMs?: number; logger?: Logger } = {}): Promise<T> {
  const deadline = Date.now() + (opts.waitMs ?? JETSTREAM_SETUP_WAIT_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isJetStreamNotAnswering(err) || Date.now() > deadline) throw err;
      opts.logger?.warn({ err, attempt }, `${what}: JetStream did not answer in time; asking again`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Removes this namespace's streams: used by tests to clean up after themselves. */
export async function deleteStreams(nc: NatsConnection, ns: Namespace): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const key of Object.keys(STREAMS) as StreamKey[]) {
    try {
      await jsm.streams.delete(ns.stream(STREAMS[key].name));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
