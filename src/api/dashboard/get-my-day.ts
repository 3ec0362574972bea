import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import type { ItemAnswer } from '../common/schemas';
import type { MyDay } from './contract';
import { dashboardPaths } from './contract';

export const getMyDay = () =>
  api.get<ItemAnswer<MyDay>>(dashboardPaths.myDay(), undefined, { fallbackKey: 'dashboard.errors.fetch', fallbackMessage: 'Failed to fetch your day' }).then((r) => r.data);

export const dashboardKeys = { all: ['dashboard'] as const, myDay: () => ['dashboard', 'my-day'] as const };

/** Refetched every minute: follow-ups fall due while the page is open. */
export const myDayQueryOptions = () => queryOptions({ queryKey: dashboardKeys.myDay(), queryFn: getMyDay, refetchInterval: 60_000 });

export const useMyDay = () => useQuery(myDayQueryOptions());
