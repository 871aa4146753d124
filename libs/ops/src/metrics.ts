import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OpsServer } from './ops-server';

/**
 * One metric of the product: its name (always `dealer_…`, the unit last: `_seconds`,
 * `_messages`, `_total` for counters), what it counts, and its labels. Every metric the code
 * registers is declared in `METRICS` below, so the dashboard's test can check every panel's
 * expression against this one list, and docs/platform.md ("Metrics") describes the same list.
 */
export interface MetricSpec<L extends string = string> {
  name: string;
  type: 'counter' | 'gauge' | 'histogram';
  help: string;
  labels: readonly L[];
  /** histograms: the bucket bounds, in the metric's unit */
  buckets?: readonly number[];
}

const spec = <L extends string>(s: MetricSpec<L>): MetricSpec<L> => s;

/** request-sized latencies: 5 ms … 10 s */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
/** pipeline work: 10 ms … 2 min */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120] as const;

/** Every metric the product registers besides prom-client's default process and Node.js metrics. */
export const METRICS = {
  httpRequestSeconds: spec({
    name: 'dealer_http_request_duration_seconds',
    type: 'histogram',
    help: 'Time the gateway took to answer an HTTP request, by method, route template (not the raw URL) and status class.',
    labels: ['method', 'route', 'status_class'],
    buckets: LATENCY_BUCKETS,
  }),
  rpcClientSeconds: spec({
    name: 'dealer_rpc_client_duration_seconds',
    type: 'histogram',
    help: 'Time a NATS request to a service took as the caller saw it, by subject and outcome (ok, 4xx, 5xx, no_responders, timeout, error).',
    labels: ['subject', 'outcome'],
    buckets: LATENCY_BUCKETS,
  }),
  rpcHandledTotal: spec({
    name: 'dealer_rpc_handled_total',
    type: 'counter',
    help: 'NATS requests a service handled, by subject and outcome (ok, 4xx, 5xx).',
    labels: ['subject', 'outcome'],
  }),
  rpcHandlerSeconds: spec({
    name: 'dealer_rpc_handler_duration_seconds',
    type: 'histogram',
    help: 'Time a service spent handling a NATS request, by subject.',
    labels: ['subject'],
    buckets: LATENCY_BUCKETS,
  }),
  jetstreamPending: spec({
    name: 'dealer_jetstream_consumer_pending_messages',
    type: 'gauge',
    help: 'Messages of a durable consumer not delivered yet (JetStream num_pending), by stream and durable; read on scrape, cached a few seconds.',
    labels: ['stream', 'durable'],
  }),
  jetstreamAckPending: spec({
    name: 'dealer_jetstream_consumer_ack_pending_messages',
    type: 'gauge',
    help: 'Messages of a durable consumer delivered and not acknowledged yet (being worked on), by stream and durable.',
    labels: ['stream', 'durable'],
  }),
  jetstreamRedelivered: spec({
    name: 'dealer_jetstream_consumer_redelivered_messages',
    type: 'gauge',
    help: 'Messages of a durable consumer delivered more than once and not acknowledged yet (JetStream num_redelivered), by stream and durable.',
    labels: ['stream', 'durable'],
  }),
  outboxUnsent: spec({
    name: 'dealer_outbox_unsent_messages',
    type: 'gauge',
    help: "Events in the service's outbox not published yet.",
    labels: [],
  }),
  outboxOldestAge: spec({
    name: 'dealer_outbox_oldest_unsent_age_seconds',
    type: 'gauge',
    help: "Age of the oldest event in the service's outbox not published yet (0 when none waits).",
    labels: [],
  }),
  pipelineStepSeconds: spec({
    name: 'dealer_pipeline_step_duration_seconds',
    type: 'histogram',
    help: 'Time one step of a processed pipeline job took (read, decode, the route steps, encode, thumbnail, store), by step, route and lane.',
    labels: ['step', 'route', 'lane'],
    buckets: JOB_BUCKETS,
  }),
  pipelineJobSeconds: spec({
    name: 'dealer_pipeline_job_duration_seconds',
    type: 'histogram',
    help: 'Time a pipeline job took from its delivery to its settling, by route, lane and outcome.',
    labels: ['route', 'lane', 'outcome'],
    buckets: JOB_BUCKETS,
  }),
  pipelineJobsTotal: spec({
    name: 'dealer_pipeline_jobs_total',
    type: 'counter',
    help: 'Pipeline job deliveries settled, by route, lane and outcome (processed, superseded, duplicate, failed, retried, dead_lettered, invalid).',
    labels: ['route', 'lane', 'outcome'],
  }),
  pipelineJobsInHand: spec({
    name: 'dealer_pipeline_jobs_in_hand_messages',
    type: 'gauge',
    help: 'Pipeline jobs this worker has taken and not settled yet (being worked on); a worker that dies holding some leaves them to the ack wait.',
    labels: [],
  }),
  uploadChecksTotal: spec({
    name: 'dealer_upload_checks_total',
    type: 'counter',
    help: "The server's checks of uploaded files, by kind (picture, video), outcome (accepted, refused) and the refusal's reason (none when accepted).",
    labels: ['kind', 'outcome', 'reason'],
  }),
  deliveryMessages: spec({
    name: 'dealer_delivery_messages',
    type: 'gauge',
    help: 'Delivery messages waiting (queued) or being delivered (delivering), by state; read on scrape.',
    labels: ['state'],
  }),
  deliveryOldestQueuedAge: spec({
    name: 'dealer_delivery_oldest_queued_age_seconds',
    type: 'gauge',
    help: 'Age of the oldest delivery message still queued or delivering (0 when none).',
    labels: [],
  }),
  deliveriesTotal: spec({
    name: 'dealer_deliveries_total',
    type: 'counter',
    help: 'Delivery attempts settled, by outcome (delivered, retry, failed) and provider.',
    labels: ['outcome', 'provider'],
  }),
  segmenterRequestsTotal: spec({
    name: 'dealer_segmenter_requests_total',
    type: 'counter',
    help: 'Pictures the segmenter service was asked to segment, by outcome (ok, busy: refused with 503 because its queue was full, refused: not a picture it takes, error).',
    labels: ['outcome'],
  }),
  segmenterInferenceSeconds: spec({
    name: 'dealer_segmenter_inference_duration_seconds',
    type: 'histogram',
    help: "Time the segmenter's network took for one picture (scaling in and out included, the wait in its queue not).",
    labels: [],
    buckets: JOB_BUCKETS,
  }),
  segmenterQueued: spec({
    name: 'dealer_segmenter_queued_messages',
    type: 'gauge',
    help: 'Pictures waiting in the segmenter service behind the one it is segmenting.',
    labels: [],
  }),
  collectErrorsTotal: spec({
    name: 'dealer_metrics_collect_errors_total',
    type: 'counter',
    help: 'Scrapes where a metric read on scrape could not be read (NATS or the database did not answer), by collector; the scrape still answers.',
    labels: ['collector'],
  }),
} as const;

type LabelsOf<S> = S extends MetricSpec<infer L> ? L : never;

/** The default metrics prom-client collects (process CPU, memory, event loop, GC) that the dashboard reads. */
export const DEFAULT_METRIC_NAMES = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_heap_size_total_bytes',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_gc_duration_seconds',
] as const;

/** Nest injection token of the process's `Metrics` (services and the gateway provide it). */
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

/**
 * The metrics of one process: a prom-client `Registry` of its own (never prom-client's global
 * one: the in-process test stacks run several services in one process, each with its own),
 * every series labelled `process` = the service's name, with prom-client's default process
 * and Node.js metrics. Features get it through DI (`METRICS_REGISTRY`) and create their metrics
 * from `METRICS`; asking twice for one metric answers the same object.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(
    readonly processName: string,
    opts: { defaultMetrics?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ process: processName });
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  counter<S extends MetricSpec>(s: S): Counter<LabelsOf<S>> {
    return this.existing(s) ?? new Counter({ name: s.name, help: s.help, labelNames: [...s.labels] as LabelsOf<S>[], registers: [this.registry] });
  }

  histogram<S extends MetricSpec>(s: S): Histogram<LabelsOf<S>> {
    return (
      this.existing(s) ??
      new Histogram({ name: s.name, help: s.help, labelNames: [...s.labels] as LabelsOf<S>[], buckets: [...(s.buckets ?? LATENCY_BUCKETS)], registers: [this.registry] })
    );
  }

  /**
   * A gauge; with `collect` it is read on scrape (the function sets its values; it should be
   * cheap, see `cachedFor`). A collector that throws leaves the gauge without series for that
   * scrape (NaN for a gauge without labels) and counts `dealer_metrics_collect_errors_total`:
   * a scrape never fails for it.
   */
  gauge<S extends MetricSpec>(s: S, collect?: (gauge: Gauge<LabelsOf<S>>) => Promise<void> | void): Gauge<LabelsOf<S>> {
    const found = this.existing<Gauge<LabelsOf<S>>>(s);
    if (found) return found;
    let errors: Counter<'collector'> | null = null;
    const gauge = new Gauge({
      name: s.name,
      help: s.help,
      labelNames: [...s.labels] as LabelsOf<S>[],
      registers: [this.registry],
      ...(collect && {
        async collect(this: Gauge<LabelsOf<S>>) {
          try {
            await collect(this);
          } catch {
            this.reset();
            // a gauge without labels cannot be left without a sample: NaN, not a false 0
            if (s.labels.length === 0) (this as Gauge<string>).set(NaN);
            errors?.inc({ collector: s.name });
          }
        },
      }),
    });
    // registered after the gauge, it shows a failure in the same scrape
    if (collect) errors = this.counter(METRICS.collectErrorsTotal);
    return gauge;
  }

  /** The exposition text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Serves `/metrics` on the process's operations port. */
  serveOn(ops: OpsServer): void {
    ops.route('/metrics', async () => ({ status: 200, body: await this.text(), contentType: this.registry.contentType }));
  }

  private existing<M>(s: MetricSpec): M | undefined {
    const found = this.registry.getSingleMetric(s.name);
    return found as M | undefined;
  }
}

/**
 * `read` at most once per `ttlMs`: what the scrape-time collectors use, so that several
 * gauges fed by one query (and several Prometheus servers scraping) ask NATS or the database
 * once every few seconds at most.
 */
export function cachedFor<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) {
      const value = read();
      last = { at: now, value };
      // a failed read is not kept: the next scrape asks again
      value.catch(() => {
        if (last?.value === value) last = null;
      });
    }
    return last.value;
  };
}

/** `2xx`, `4xx` … from an HTTP or RPC status. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
