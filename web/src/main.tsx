import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadLanguage } from './lib/i18n.ts';
import { registerIcons } from './lib/icons.ts';
import { appStore, languageAtom } from './lib/store.ts';

// The first render waits for the saved language's dictionary (no request for Portuguese) and for the
// icons' registration (no request at all), so it shows neither raw keys nor icons still loading. A
// dictionary that could not be fetched leaves the Portuguese fallback.
await Promise.all([loadLanguage(appStore.get(languageAtom)).catch(() => {}), registerIcons()]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
