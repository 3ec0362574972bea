import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback, type QueryValue } from '../client';
import { financeEndpoints, JOURNAL_PAGE_SIZE, type AccountKey, type SourceType } from './contract';

export interface JournalParams {
  page?: number;
  limit?: number;
  search?: string;
  sortOrder?: 'asc' | 'desc';
  date?: { from?: string; to?: string };
  sourceType?: SourceType[];
  account?: AccountKey;
}

export const getChart = (asOf?: string) =>
  call(financeEndpoints.chart, { query: { asOf } }, fallback('finance.errors.fetchChart', 'Failed to fetch the chart of accounts')).then((r) => r.data);

export const getJournal = (params: JournalParams = {}) =>
  call(financeEndpoints.journal, { query: { limit: JOURNAL_PAGE_SIZE, ...params } as Record<string, QueryValue> }, fallback('finance.errors.fetchJournal', 'Failed to fetch the journal'));

export const getOpeningBalances = () =>
  call(financeEndpoints.openingBalances, {}, fallback('finance.errors.fetchOpening', 'Failed to fetch the opening balances')).then((r) => r.data);

/** `GET /account/lock-date`: the day the books are closed through, and every move of it. */
export const getLockDate = () =>
  call(financeEndpoints.lockDate, {}, fallback('periodLock.errors.fetch', 'Failed to fetch the lock date')).then((r) => r.data);

/** Every finance query sits under `finance`: a movement refetches them all (balances, journal, opening balances). */
export const financeKeys = {
  all: ['finance'] as const,
  chart: (asOf?: string) => ['finance', 'chart', asOf ?? null] as const,
  journal: (params: JournalParams) => ['finance', 'journal', params] as const,
  opening: () => ['finance', 'opening-balances'] as const,
  lockDate: () => ['finance', 'lock-date'] as const,
};

export const chartQueryOptions = (asOf?: string) => queryOptions({ queryKey: financeKeys.chart(asOf), queryFn: () => getChart(asOf) });
export const journalQueryOptions = (params: JournalParams = {}) =>
  queryOptions({ queryKey: financeKeys.journal(params), queryFn: () => getJournal(params), placeholderData: keepPreviousData });
export const openingBalancesQueryOptions = () => queryOptions({ queryKey: financeKeys.opening(), queryFn: getOpeningBalances });

export const lockDateQueryOptions = () => queryOptions({ queryKey: financeKeys.lockDate(), queryFn: getLockDate });

export const useChart = (asOf?: string) => useQuery(chartQueryOptions(asOf));
export const useJournal = (params: JournalParams = {}) => useQuery(journalQueryOptions(params));
export const useOpeningBalances = () => useQuery(openingBalancesQueryOptions());
export const useLockDate = () => useQuery(lockDateQueryOptions());
