import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { setRetryWait } from './client';
import { uploadToStorage } from './images';

/** The browser's XMLHttpRequest as a presigned POST uses it, answering each post with the next of `answers` (`'drop'`: no answer). */
class ScriptedUpload {
  static answers: Array<number | 'drop'> = [];
  static headers: Record<string, string> = {};
  static posts: Array<{ url: string; keys: string[] }> = [];
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  getResponseHeader(name: string) {
    return ScriptedUpload.headers[name.toLowerCase()] ?? null;
  }
  send(form: FormData) {
    ScriptedUpload.posts.push({ url: this.url, keys: [...form.keys()] });
    const answer = ScriptedUpload.answers.shift() ?? 204;
    queueMicrotask(() => {
      if (answer === 'drop') return this.onerror?.();
      this.upload.onprogress?.({ loaded: 2 });
      this.status = answer;
      this.onload?.();
    });
  }
}

const grant = { url: 'http://storage.test/bucket', fields: JSON.stringify({ key: 'orders/o1/1.jpg', Policy: 'p' }) };
const file = new Blob(['abcd'], { type: 'image/jpeg' });

describe('uploadToStorage: a presigned POST fixes the key, so a post that failed on the way is sent again', () => {
  const realXhr = window.XMLHttpRequest;
  let waits: number[];
  let restoreWait: () => void;
  beforeEach(() => {
    ScriptedUpload.answers = [];
    ScriptedUpload.headers = {};
    ScriptedUpload.posts = [];
    window.XMLHttpRequest = ScriptedUpload as unknown as typeof XMLHttpRequest;
    waits = [];
    restoreWait = setRetryWait(async (ms) => {
      waits.push(ms);
    });
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
    restoreWait();
  });

  it('no answer, then 503: posted again, the same form, and the third post stores it', async () => {
    ScriptedUpload.answers = ['drop', 503, 204];
    const progress: number[] = [];

    await uploadToStorage(grant, file, (sent) => progress.push(sent));

    expect(ScriptedUpload.posts).toHaveLength(3);
    expect(new Set(ScriptedUpload.posts.map((p) => `${p.url} ${p.keys.join(',')}`))).toEqual(new Set(['http://storage.test/bucket key,Policy,file']));
    expect(waits).toHaveLength(2);
    // the bar goes back to 0 before each new post, and ends full
    expect(progress).toEqual([0, 2, 0, 2, 4]);
  });

  it("follows the storage's Retry-After (S3's SlowDown)", async () => {
    ScriptedUpload.answers = [503, 204];
    ScriptedUpload.headers = { 'retry-after': '1' };
    await uploadToStorage(grant, file);
    expect(waits).toEqual([1000]);
  });

  it('4 posts at most, then the failure', async () => {
    ScriptedUpload.answers = [502, 502, 502, 502, 204];
    await expect(uploadToStorage(grant, file)).rejects.toThrow('Upload failed (502)');
    expect(ScriptedUpload.posts).toHaveLength(4);
  });

  it('a refusal (403: the policy expired) is not posted again', async () => {
    ScriptedUpload.answers = [403];
    await expect(uploadToStorage(grant, file)).rejects.toThrow('Upload failed (403)');
    expect(ScriptedUpload.posts).toHaveLength(1);
  });

  it('`retry: false` posts once (the order creator tries the whole picture again itself)', async () => {
    ScriptedUpload.answers = ['drop'];
    await expect(uploadToStorage(grant, file, undefined, { retry: false })).rejects.toThrow('Upload failed');
    expect(ScriptedUpload.posts).toHaveLength(1);
  });
});
