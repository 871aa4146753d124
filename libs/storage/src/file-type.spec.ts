import { detectFileType } from './file-type';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('detectFileType', () => {
  it('recognises images by their first bytes', () => {
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.mime).toBe('image/png');
    expect(detectFileType(text('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectFileType(text('\0\0\0\x18ftypheic'))?.mime).toBe('image/heic');
  });

  it('recognises videos', () => {
    expect(detectFileType(text('\0\0\0\x18ftypisom'))?.mime).toBe('video/mp4');
    expect(detectFileType(text('\0\0\0\x14ftypqt  '))?.mime).toBe('video/quicktime');
  });

  it('does not trust anything else', () => {
    expect(detectFileType(text('<html>'))).toBeNull();
    expect(detectFileType(bytes())).toBeNull();
    expect(detectFileType(bytes(0xff, 0xd8))).toBeNull();
  });
});
