import { requireFfmpeg } from './ffmpeg-check';

describe('the start check of ffmpeg (FFMPEG_PATH)', () => {
  it("answers the installed ffmpeg's version", async () => {
    await expect(requireFfmpeg('ffmpeg')).resolves.toMatch(/^ffmpeg version \S+/);
  });

  it('refuses a missing binary, one that fails and one that is not ffmpeg, naming the variable and the install command', async () => {
    await expect(requireFfmpeg('/nonexistent/ffmpeg')).rejects.toThrow(
      'FFMPEG_PATH: "/nonexistent/ffmpeg" was not found. The images service checks uploaded videos with ffmpeg: install it (apt-get install -y ffmpeg on Debian) or set FFMPEG_PATH to its binary.',
    );
    await expect(requireFfmpeg('false')).rejects.toThrow('FFMPEG_PATH: "false" does not run (exit code 1).');
    await expect(requireFfmpeg('echo')).rejects.toThrow('FFMPEG_PATH: "echo" is not ffmpeg');
  });
});
