import { SEGMENTER_PROBE_TIMEOUT_MS, type SegmenterHealth } from '@app/contracts';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
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
    let answer: { status: number; body: string };
    try {
      answer = await getOnce(url, this.opts.timeoutMs);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const why = e.name === 'TimeoutError' ? `no answer within ${this.opts.timeoutMs} ms` : (e.code ?? e.message);
      return { kind: 'http', status: 'down', reason: `The segmenter could not be reached (${why}).` };
    }
    const body = parseJson(answer.body);
    const model = typeof body?.model === 'string' && body.model ? body.model : undefined;
    if (answer.status === 200) return { kind: 'http', status: 'up', ...(model ? { model } : {}) };
    return { kind: 'http', status: 'down', ...(model ? { model } : {}), reason: `The segmenter answered HTTP ${answer.status}${detailOf(body)}.` };
  }
}

/** Largest readiness answer read; the rest is ignored. */
const MAX_BODY = 64 * 1024;

/**
 * A GET on a connection of its own, closed after the answer: a probe every few seconds gains
 * nothing from a pooled connection, and leaves none behind. Rejects with the connection's
 * error, or a `TimeoutError` when the whole answer has not come within `timeoutMs`.
 */
function getOnce(url: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < MAX_BODY) body += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => {
      const err = new Error(`no answer within ${timeoutMs} ms`);
      err.name = 'TimeoutError';
      req.destroy(err);
    }, timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

function parseJson(text: string): ReadyAnswer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ReadyAnswer) : null;
  } catch {
    return null;
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
