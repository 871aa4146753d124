import { spawn } from 'node:child_process';

/** how long `ffmpeg -version` may take */
const VERSION_TIMEOUT_MS = 15_000;

/** The install command named when ffmpeg is missing (Debian's package, as CI and the container image install it). */
export const FFMPEG_INSTALL = 'apt-get install -y ffmpeg';

/**
 * The images service checks every uploaded video with ffmpeg (a file it cannot read is
 * refused), so it does not start without it: runs `FFMPEG_PATH -version` and answers its first
 * line, or throws an error that names the variable and the install command.
 */
export function requireFfmpeg(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const refuse = (why: string) =>
      reject(
        new Error(
          `FFMPEG_PATH: "${path}" ${why}. The images service checks uploaded videos with ffmpeg: install it (${FFMPEG_INSTALL} on Debian) or set FFMPEG_PATH to its binary.`,
        ),
      );
    let out = '';
    const child = spawn(path, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), VERSION_TIMEOUT_MS);
    child.stdout.on('data', (c: Buffer) => {
      if (out.length < 4096) out += c.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      refuse(err.code === 'ENOENT' ? 'was not found' : `could not be run (${err.message})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const first = out.split('\n')[0]?.trim() ?? '';
      if (code === 0 && /^ffmpeg version /.test(first)) resolve(first);
      else if (code === 0) refuse('is not ffmpeg (its -version says something else)');
      else if (code !== null || signal) refuse(`does not run (${signal ? `killed by ${signal}` : `exit code ${code}`})`);
    });
  });
}
