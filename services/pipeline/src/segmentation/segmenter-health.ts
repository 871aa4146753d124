import { SEGMENTER_PROBE_TIMEOUT_MS, type SegmenterHealth } from '@app/contracts';
import { basename } from 'node:path';
import type { PipelineConfig } from '../pipeline.config';

export interface SegmenterHealthOptions {
  /** how long the segmenter's `/health/ready` may take */
  timeoutMs: number;
  /** how long an answer is given again without asking anew */
  cacheMs: number;
}

type SegmenterSettings = Pick<PipelineConfig, 'PIPELINE_SEGMENTER' | 'PIPELINE_ONNX_MODEL' | 'PIPELINE_SEGMENTER_URL'>;

/**
 * Whether the segmentation network of the AI routes is there (`health.pipeline.segmenter`,
 * shown on the status page). `classical` is always up (no network); `onnx` is up with the
 * model file's name (the model was loaded at boot, or the service would not run); `http` asks
 * the segmenter's `/health/ready` on the origin of PIPELINE_SEGMENTER_URL: 200 is up with the
 * `model` it names, anything else down with the HTTP status or the connection error. An
 * answer is kept for `cacheMs`, and callers asking while a check runs share it, so a busy
 * status page costs the segmenter one request per `cacheMs`.
 */
export class SegmenterHealthProbe {
  private cached: { answer: Promise<SegmenterHealth>; until: number } | null = null;
  private readonly readyUrl: string | null;

  constructor(
    private readonly config: SegmenterSettings,
    private readonly opts: SegmenterHealthOptions = { timeoutMs: SEGMENTER_PROBE_TIMEOUT_MS, cacheMs: 2000 },
  ) {
    this.readyUrl = config.PIPELINE_SEGMENTER === 'http' ? new URL('/health/ready', config.PIPELINE_SEGMENTER_URL!).href : null;
  }

  check(): Promise<SegmenterHealth> {
    if (this.cached && Date.now() < this.cached.until) return this.cached.answer;
    const answer = this.ask();
    // until it is answered, the check in flight is shared; then its answer is kept for cacheMs
    const entry = { answer, until: Infinity };
    this.cached = entry;
    void answer.then(() => {
      entry.until = Date.now() + this.opts.cacheMs;
    });
    return answer;
  }

  private async ask(): Promise<SegmenterHealth> {
    switch (this.config.PIPELINE_SEGMENTER) {
      case 'classical':
        return { kind: 'classical', status: 'up' };
      case 'onnx':
        return { kind: 'onnx', status: 'up', model: basename(this.config.PIPELINE_ONNX_MODEL!, '.onnx') };
      case 'http':
        return this.askSegmenter(this.readyUrl!);
    }
  }

  private async askSegmenter(url: string): Promise<SegmenterHealth> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? `no answer within ${this.opts.timeoutMs} ms` : (e.cause?.code ?? e.message);
      return { kind: 'http', status: 'down', reason: `The segmenter could not be reached (${why}).` };
    }
    const body = (await res.json().catch(() => null)) as ReadyAnswer | null;
    const model = typeof body?.model === 'string' && body.model ? body.model : undefined;
    if (res.ok) return { kind: 'http', status: 'up', ...(model ? { model } : {}) };
    return { kind: 'http', status: 'down', ...(model ? { model } : {}), reason: `The segmenter answered HTTP ${res.status}${detailOf(body)}.` };
  }
}

/** The parts of the segmenter's `/health/ready` answer read here (its readiness report). */
interface ReadyAnswer {
  model?: unknown;
  status?: unknown;
  checks?: unknown;
  failing?: unknown;
}

/** `: the model is loading` from a readiness report, or `: shutting down`; nothing when there is no report. */
function detailOf(body: ReadyAnswer | null): string {
  if (!body) return '';
  const checks = body.checks && typeof body.checks === 'object' ? (body.checks as Record<string, unknown>) : {};
  const failing = Array.isArray(body.failing) ? body.failing.filter((f): f is string => typeof f === 'string') : [];
  const reasons = failing.map((f) => (typeof checks[f] === 'string' ? String(checks[f]) : f));
  if (reasons.length) return `: ${reasons.join('; ')}`;
  return typeof body.status === 'string' && body.status !== 'ready' ? `: ${body.status}` : '';
}
