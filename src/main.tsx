import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import 'primeicons/primeicons.css';
import './ui/app.css';
import { configureApiClient } from './api/client';
import { createAppRouter } from './app/router';
import { signInPathFor } from './ui/auth';
import { currentLanguage, initI18n, moneyInLanguage, translateApi } from './ui/i18n';
import { preferencesStore } from './ui/preferences/store';
import { AppProviders } from './ui/providers';
import { createQueryClient } from './ui/query-client';

// Direction before the first paint: no jump from left-to-right to right-to-left.
document.documentElement.dir = preferencesStore.get().direction;

const queryClient = createQueryClient();
const router = createAppRouter();

configureApiClient({
  onUnauthorized(returnTo) {
    void router.navigate(signInPathFor(returnTo), { replace: true }).then(() => queryClient.clear());
  },
  translate: translateApi,
  language: currentLanguage,
  money: moneyInLanguage,
});

// The sign-in page's strings only: the shell loads the areas' (src/app/router.tsx).
void initI18n(undefined, 'signedOut').then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
