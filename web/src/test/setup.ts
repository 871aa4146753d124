import { afterEach, beforeAll } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { setRetryWait } from '../api/client';
import { sessionStore } from '../api/session';
import { toastStore } from '../components/toast/toast';
import { initI18n } from '../i18n';

// Screens are code-split: on a busy machine (CI runs every tier at once) loading one in jsdom
// can take several seconds (a lazy screen took more than 5 s in a full run). What a test waits
// for is unchanged: a passing wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 15000 });

// The API client's waits before sending a call again (the retry policy: 250 ms, 500 ms, 1 s)
// pass at once: a screen's test of a 503 sees the last send's failure without the backoff.
// The client's own tests (api/client.spec.ts) measure the waits.
setRetryWait(async () => undefined);

// Every test file starts in English with the real messages, like a first visit.
beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  // unmount first, so clearing the stores below does not update a mounted tree
  cleanup();
  window.localStorage.clear();
  // the session and the toasts live in module stores: start every test signed out and quiet
  sessionStore.reload();
  toastStore.clear();
});
