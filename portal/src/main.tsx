import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './app';
import { initI18n } from './i18n/i18n';
import { language, rememberLanguage } from './state/language';
import { applyTheme, theme } from './state/theme';
import './styles.css';

initI18n(language.value);
// A lang parameter in the URL also becomes the remembered choice (SPEC §2).
if (new URLSearchParams(window.location.search).has('lang')) rememberLanguage(language.value);
applyTheme(theme.value);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
