import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** The trace exporters a process can be told to use (`OTEL_TRACES_EXPORTER`). */
export type TracesExporter = 'otlp' | 'console' | 'none';

export interface TracingOptions {
  /** the process name, used when `OTEL_SERVICE_NAME` is not set */
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  /** span processors of the caller's own (a test's in-memory exporter); they turn tracing on whatever the exporter variable says */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  serviceName: string;
  exporter: TracesExporter | 'given';
  /** sends what is buffered and stops: call it at shutdown so the last spans are not lost */
  shutdown(): Promise<void>;
}

/** Reads `OTEL_TRACES_EXPORTER`: `otlp`, `console` or `none` (the default); anything else stops the start naming it. */
export function tracesExporterOf(env: NodeJS.ProcessEnv): TracesExporter {
  const value = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase();
  if (value === '' || value === 'none') return 'none';
  if (value === 'otlp' || value === 'console') return value;
  throw new Error(`OTEL_TRACES_EXPORTER has a wrong value "${env.OTEL_TRACES_EXPORTER}": must be otlp, console or none`);
}

let started: Tracing | null = null;

/**
 * Starts tracing in this process when `OTEL_TRACES_EXPORTER` asks for it (or a test hands its
 * own span processors): a `NodeTracerProvider` with a batch span processor and the OTLP HTTP
 * exporter (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_HEADERS` as the SDK reads them) or the console; `OTEL_SERVICE_NAME`
 * (default: the process name); the sampler of `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG`
 * as the SDK reads them (default `parentbased_always_on`; `parentbased_traceidratio` with
 * `0.1` keeps one trace in ten and follows the caller's decision); the W3C trace-context
 * propagator; and the `http` (incoming requests, S3 and delivery calls) and `pg`
 * instrumentations.
 *
 * Off (the default), it loads none of the SDK: the API's tracer is a no-op, headers get no
 * `traceparent`, and a span costs a function call.
 *
 * Call it first thing in the process's entry. The instrumentations wrap the modules' exported
 * objects and prototypes (`http.request`, `http.Server.prototype.emit`,
 * `pg.Client.prototype.query`), and this function requires `http`, `https` and `pg` itself
 * right after enabling them, so they are wrapped even when something loaded them earlier
 * (which is also how it works under jest, whose module registry the require hook does not
 * see). What must not happen is a module copying `http.request` into a variable of its own
 * before this runs; none of ours or of our clients (`minio`, `nats`, `typeorm`) does.
 * Called twice, the second call returns the first's tracing.
 */
export function startTracing(opts: TracingOptions): Tracing | null {
  if (started) return started;
  const env = opts.env ?? process.env;
  const exporterName = tracesExporterOf(env);
  if (exporterName === 'none' && !opts.spanProcessors?.length) return null;

  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor, ConsoleSpanExporter } = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const { ATTR_SERVICE_NAME } = require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');
  const { registerInstrumentations, isWrapped } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');

  const serviceName = env.OTEL_SERVICE_NAME?.trim() || opts.serviceName;
  const processors: SpanProcessor[] = [...(opts.spanProcessors ?? [])];
  if (exporterName === 'otlp') {
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  } else if (exporterName === 'console') {
    processors.push(new BatchSpanProcessor(new ConsoleSpanExporter()));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: processors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });

  const http = new HttpInstrumentation({
    // a call out (S3) is traced inside the work that makes it; a sweeper's alone is not a trace
    requireParentforOutgoingSpans: true,
    // the operations port's probes and scrapes are not user work
    ignoreIncomingRequestHook: (req) => /^\/(health\/(live|ready)|metrics)(\?|$)/.test(req.url ?? ''),
  });
  const pg = new PgInstrumentation({ requireParentSpan: true });
  registerInstrumentations({ instrumentations: [http, pg], tracerProvider: provider });
  // wrap now what may have been loaded already (see above)
  const unpatches: Array<() => void> = [];
  const patchLoaded = (instrumentation: typeof http | typeof pg, name: string, exports: unknown, wrapped: () => unknown) => {
    if (isWrapped(wrapped())) return;
    for (const def of instrumentation.getModuleDefinitions()) {
      if (def.name !== name) continue;
      def.patch?.(exports, undefined);
      unpatches.push(() => def.unpatch?.(exports, undefined));
    }
  };
  const httpModule = require('node:http') as typeof import('node:http');
  const httpsModule = require('node:https') as typeof import('node:https');
  patchLoaded(http, 'http', httpModule, () => httpModule.request);
  patchLoaded(http, 'https', httpsModule, () => httpsModule.request);
  try {
    const pgModule = require('pg') as typeof import('pg');
    patchLoaded(pg, 'pg', pgModule, () => pgModule.Client.prototype.query);
  } catch {
    // a process without PostgreSQL has nothing to wrap
  }
  /* eslint-enable @typescript-eslint/no-require-imports */

  started = {
    serviceName,
    exporter: opts.spanProcessors?.length ? 'given' : exporterName,
    // the last spans out, then every module as it was: a process (or a test worker) that goes on
    // after tracing stopped keeps no wrapped http or pg and no global provider
    shutdown: async () => {
      await provider.shutdown();
      for (const unpatch of unpatches) unpatch();
      http.disable();
      pg.disable();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  return started;
}

/** `startTracing` for a process's entry: a wrong tracing variable stops the start, naming it. */
export function startTracingOrExit(serviceName: string): Tracing | null {
  try {
    return startTracing({ serviceName });
  } catch (err) {
    process.stderr.write(`${serviceName} refuses to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

/** Sends the spans still buffered and stops tracing (a no-op when it is off). */
/** Whether tracing runs in this process (what only matters to traces can then be skipped). */
export function tracingStarted(): boolean {
  return started !== null;
}

export async function stopTracing(): Promise<void> {
  const t = started;
  started = null;
  if (t) await t.shutdown();
}
