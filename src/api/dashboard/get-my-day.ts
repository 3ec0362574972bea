import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../client';
import { dashboardEndpoints } from './contract';

export const getMyDay = () => call(dashboardEndpoints.myDay, {}, fallback('dashboard.errors.fetch', 'Failed to fetch your day')).then((r) => r.data);

export const dashboardKeys = { all: ['dashboard'] as const, myDay: () => ['dashboard', 'my-day'] as const };

/** Refetched every minute: follow-ups fall due while the page is open. */
export const myDayQueryOptions = () => queryOptions({ queryKey: dashboardKeys.myDay(), queryFn: getMyDay, refetchInterval: 60_000 });

export const useMyDay = () => useQuery(myDayQueryOptions());
