import { afterEach, beforeEach } from '@jest/globals';

/**
 * A stand-in for the browser's XMLHttpRequest as the uploads to storage use it (a presigned
 * POST with a progress bar). Each post is recorded in `sent` with the form's field names; it is
 * answered by itself a moment later (204, after some progress), or, with `manual`, left for the
 * test to move on with `progress()` and `finish()` on `last`.
 */
export class FakeUpload {
  static sent: Array<{ url: string; keys: string[] }> = [];
  static last: FakeUpload | null = null;
  /** leave each post unanswered until the test calls `progress`/`finish` */
  static manual = false;
  /** the line to storage is down from this many posts on (null: up) */
  static downAfter: number | null = null;

  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';

  open(_method: string, url: string) {
    this.url = url;
  }
  send(form?: FormData) {
    FakeUpload.sent.push({ url: this.url, keys: form ? [...form.keys()] : [] });
    FakeUpload.last = this;
    if (FakeUpload.manual) return;
    if (FakeUpload.downAfter !== null && FakeUpload.sent.length > FakeUpload.downAfter) {
      setTimeout(() => this.onerror?.(), 10);
      return;
    }
    setTimeout(() => {
      this.progress(3);
      this.finish();
    }, 10);
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded });
  }
  finish() {
    this.status = 204;
    this.onload?.();
  }
}

/** Puts `FakeUpload` in place of XMLHttpRequest for every test of the file (answering by itself unless `manual`), fresh each time. */
export function useFakeUpload({ manual = false }: { manual?: boolean } = {}): typeof FakeUpload {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.last = null;
    FakeUpload.manual = manual;
    FakeUpload.downAfter = null;
    window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });
  return FakeUpload;
}
