import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_PREFERENCES } from '../../src/api/admin/members/contract';
import { meQueryOptions } from '../../src/api/admin/auth/get-me';
import type { AuthState } from '../../src/api/admin/auth/contract';
import { ALL_PERMISSIONS } from '../../src/api/permissions';
import { RequireAuth } from '../../src/ui/auth';
import { createQueryClient } from '../../src/ui/query-client';

/** A member of Demo Travels (USD, Dubai time) with every permission, for component tests in jsdom. */
export function signedInAs(name: string, email: string, role: string): AuthState {
  return {
    member: { _id: 'm1', name, email, preferences: { ...DEFAULT_PREFERENCES, locale: 'en' } },
    organization: { _id: 'o1', name: 'Demo Travels', currency: 'USD', timeZone: 'Asia/Dubai', colorScheme: { primary: '#14b8a6', secondary: '#3b82f6' }, invoicePrefix: 'INV', taxRate: 0, terms: null, secretHint: 'x' },
    subscription: { plan: 'business', status: 'active' },
    role: { _id: 'r1', name: role, isOwner: false, permissions: ALL_PERMISSIONS, visibility: { leads: 'all', bookings: 'all' } },
  } as unknown as AuthState;
}

/** Renders `children` as the app does for a signed-in member: a query client that already knows `me`, a router, RequireAuth. */
export function renderSignedIn(me: AuthState, children: ReactNode) {
  const client = createQueryClient();
  client.setQueryData(meQueryOptions().queryKey, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RequireAuth>{children}</RequireAuth>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
