import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from './full-screen-spinner';
import { usePreferences } from './preferences/store';
import { useApplyPreferences } from './preferences/theme';

/** Applies the preferences to the document and covers the page until the theme is in (seed section 2). */
function PreferencesGate({ children }: { children: ReactNode }) {
  const prefs = usePreferences();
  const { mode, ready } = useApplyPreferences(prefs);
  const { t } = useTranslation();
  return (
    <>
      {children}
      <Toaster theme={mode} dir={prefs.direction} richColors closeButton position="top-center" duration={6000} />
      {!ready && <FullScreenSpinner label={t('shell.loading')} />}
    </>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // A Dropdown's hidden <select> only mirrors the value for native forms (tabIndex -1): the
    // focusable combobox carries the label, so the mirror is hidden from assistive technology.
    <PrimeReactProvider value={{ ripple: false, pt: { dropdown: { select: { 'aria-hidden': true } } } }}>
      <QueryClientProvider client={queryClient}>
        <PreferencesGate>{children}</PreferencesGate>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
