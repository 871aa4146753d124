import { ensureFfmpeg, ffmpegVersion } from './ffmpeg';

describe('ffmpeg for make dev', () => {
  it('uses the ffmpeg that runs, without installing anything', async () => {
    const found = await ensureFfmpeg({ path: 'ffmpeg', install: true });
    expect(found).toMatchObject({ path: 'ffmpeg', installed: false, version: expect.stringMatching(/^ffmpeg version /) });
  });

  it('names FFMPEG_PATH and the install command when a configured path does not run ffmpeg', async () => {
    expect(await ffmpegVersion('/nonexistent/ffmpeg')).toBeNull();
    expect(await ffmpegVersion('echo')).toBeNull();
    await expect(ensureFfmpeg({ path: '/nonexistent/ffmpeg', install: false })).rejects.toThrow(
      'FFMPEG_PATH "/nonexistent/ffmpeg" does not run ffmpeg: install it ("apt-get install -y ffmpeg" on Debian) or set FFMPEG_PATH to its binary',
    );
  });
});
