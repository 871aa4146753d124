import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Render once the chosen language is loaded, so no untranslated text flashes; until then
// index.html shows its static splash.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
