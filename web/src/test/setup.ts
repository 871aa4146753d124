import { afterEach, beforeAll } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { sessionStore } from '../api/session';
import { toastStore } from '../components/toast/toast';
import { initI18n } from '../i18n';

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
