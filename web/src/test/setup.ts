import { afterEach, beforeAll } from '@jest/globals';
import { initI18n } from '../i18n';

// Every test file starts in English with the real messages, like a first visit.
beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  window.localStorage.clear();
});
