import { spawn } from 'node:child_process';

/** Debian's package, as CI and the container image install it. */
export const FFMPEG_PACKAGE = 'ffmpeg';

export interface Ffmpeg {
  path: string;
  /** the first line of `ffmpeg -version` */
  version: string;
  /** true when this call installed it */
  installed: boolean;
}

function run(cmd: string, args: string[], onLog: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    let out = '';
    let child;
    try {
      child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    } catch {
      resolve({ code: null, out: '' });
      return;
    }
    const take = (c: Buffer) => {
      const text = c.toString('utf8');
      if (out.length < 8192) out += text;
      for (const line of text.split('\n')) if (line.trim()) onLog(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', () => resolve({ code: null, out }));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The first line of `path -version` when it is ffmpeg and runs, else null. */
export async function ffmpegVersion(path: string): Promise<string | null> {
  const { code, out } = await run(path, ['-hide_banner', '-version'], () => undefined);
  const first = out.split('\n')[0]?.trim() ?? '';
  return code === 0 && first.startsWith('ffmpeg version ') ? first : null;
}

/**
 * ffmpeg for the images service, which checks every uploaded video with it and does not
 * start without it. `path` (FFMPEG_PATH) is used when it runs; when it is the default
 * `ffmpeg` and missing, Debian's package is installed as CI does (`apt-get install -y ffmpeg`,
 * which needs root), else the error says what to run.
 */
export async function ensureFfmpeg(opts: { path: string; install: boolean; onLog?: (line: string) => void }): Promise<Ffmpeg> {
  const onLog = opts.onLog ?? (() => undefined);
  const found = await ffmpegVersion(opts.path);
  if (found) return { path: opts.path, version: found, installed: false };
  const how = `install it ("apt-get install -y ${FFMPEG_PACKAGE}" on Debian) or set FFMPEG_PATH to its binary`;
  if (!opts.install) throw new Error(`FFMPEG_PATH "${opts.path}" does not run ffmpeg: ${how}`);
  if (process.getuid?.() !== 0) throw new Error(`ffmpeg is not installed and installing it needs root: ${how}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', FFMPEG_PACKAGE], onLog, env);
  let result = await install();
  if (result.code !== 0) {
    // the package lists may be missing or stale on a fresh machine
    await run('apt-get', ['update', '-qq'], onLog, env);
    result = await install();
  }
  const version = await ffmpegVersion(opts.path);
  if (!version) throw new Error(`ffmpeg could not be installed (apt-get install ${FFMPEG_PACKAGE} answered ${result.code ?? 'nothing'}): ${how}`);
  return { path: opts.path, version, installed: true };
}
