import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import './features/account/account.css';
import './features/notifications/notifications.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createI18n } from '../shared/i18n/index.ts';
import { setRequestLanguage, onSessionEnded } from './api/http.ts';
import { queryKeys } from './api/session.ts';
import { App, createQueryClient } from './App.tsx';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from './bootstrap.ts';

const bootstrap = JSON.parse(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent ?? '{}') as Bootstrap;
const queryClient = createQueryClient();
const i18n = createI18n(bootstrap.language);
setRequestLanguage(bootstrap.language);
// A session that ends elsewhere (signed out, deactivated) sends the person back to sign in.
onSessionEnded(() => queryClient.setQueryData(queryKeys.session, null));

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <BrowserRouter>
      <App bootstrap={bootstrap} queryClient={queryClient} i18n={i18n} />
    </BrowserRouter>
  </StrictMode>,
);
