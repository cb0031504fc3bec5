import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import './features/account/account.css';
import './features/notifications/notifications.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createI18n } from '../shared/i18n/index.ts';
import { onSessionEnded, setRequestLanguage } from './api/http.ts';
import { recordSessionEnd, sessionKeys } from './api/session.ts';
import { App, createQueryClient } from './App.tsx';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap, type Session } from './bootstrap.ts';
import { setPrimeLocale } from './i18n/primereact-locale.ts';
import { buildRoutes } from './routes.tsx';

const bootstrap = JSON.parse(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent ?? '{}') as Bootstrap;
const queryClient = createQueryClient();
const i18n = createI18n(bootstrap.language);
setRequestLanguage(bootstrap.language);
// Before hydration, so PrimeReact's texts match what the server rendered.
setPrimeLocale(bootstrap.language);
// A session that ends elsewhere (signed out, deactivated) ends here too; the page says why first.
onSessionEnded((reason) => {
  if (queryClient.getQueryData<Session | null>(sessionKeys.session)) recordSessionEnd(reason);
  queryClient.setQueryData(sessionKeys.session, null);
});
const router = createBrowserRouter(buildRoutes(bootstrap.environment));

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <App bootstrap={bootstrap} queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>,
);
