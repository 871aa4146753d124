import { STREAMS, type Namespace, type StreamKey } from '@app/contracts';
import {
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
} from 'nats';

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

export function streamConfig(key: StreamKey, ns: Namespace): Partial<StreamConfig> & { name: string; subjects: string[] } {
  const def = STREAMS[key];
  return {
    name: ns.stream(def.name),
    subjects: def.subjects.map((s) => ns.subject(s)),
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    num_replicas: 1,
    ...STREAM_SETTINGS[key],
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number }; code?: string; message?: string };
  return e?.api_error?.err_code === 10059 || e?.code === '404' || /stream not found/i.test(e?.message ?? '');
}

/**
 * Creates the EVENTS, PIPELINE and dead-letter streams, or brings their mutable settings up
 * to date. Safe to run from every replica at every boot.
 */
export async function ensureStreams(nc: NatsConnection, ns: Namespace): Promise<void> {
  const jsm: JetStreamManager = await nc.jetstreamManager();
  for (const key of Object.keys(STREAMS) as StreamKey[]) {
    const cfg = streamConfig(key, ns);
    try {
      const info = await jsm.streams.info(cfg.name);
      const same =
        JSON.stringify([...info.config.subjects].sort()) === JSON.stringify([...cfg.subjects].sort()) &&
        info.config.max_age === cfg.max_age &&
        info.config.duplicate_window === cfg.duplicate_window;
      if (!same) {
        await jsm.streams.update(cfg.name, {
          ...info.config,
          subjects: cfg.subjects,
          max_age: cfg.max_age,
          duplicate_window: cfg.duplicate_window,
        });
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await jsm.streams.add(cfg);
      } catch (addErr) {
        // another replica created it between our look-up and our add
        if (!/already in use|stream name already/i.test((addErr as Error).message)) throw addErr;
      }
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
