import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback, toQueryString, type QueryValue } from '../../client';
import type { PaymentMethod, SourceType } from '../contract';
import { financeKeys } from '../get-finance';
import { statementEndpoints, STATEMENT_PAGE_SIZE, type ExportFormat, type MovementStatus, type MovementType } from './contract';

/**
 * The month of money (issue 28) as the screens read it: the seed's statement and summary, the
 * month's budget targets, receivables and payables by age, and the download links (the journal
 * for the accountant's tools, aging as CSV). Every key sits under `finance`, so a movement of money
 * anywhere refetches them with the chart and the journal.
 */

type Range = { from?: string; to?: string };

/** The seed's statement filters (section 3) with the month and the page. */
export interface StatementParams {
  page?: number;
  limit?: number;
  search?: string;
  sortOrder?: 'asc' | 'desc';
  /** `YYYY-MM`; the server's this month without it. */
  month?: string;
  /** The money accounts (their methods); every one without a choice. */
  paymentMethod?: PaymentMethod[];
  status?: MovementStatus[];
  type?: MovementType[];
  /** Minor units (the address keeps them as text). */
  minAmount?: number | string;
  maxAmount?: number | string;
  dateRange?: Range;
  linkedToType?: SourceType[];
}

export const monthKeys = {
  statement: (params: StatementParams) => [...financeKeys.all, 'statement', params] as const,
  summary: (month: string) => [...financeKeys.all, 'summary', month] as const,
  targets: (month: string) => [...financeKeys.all, 'targets', month] as const,
  receivables: (asOf?: string) => [...financeKeys.all, 'receivables', asOf ?? null] as const,
  payables: (asOf?: string) => [...financeKeys.all, 'payables', asOf ?? null] as const,
};

/** `GET /account/statement`; the seed's fallback message. The statement has one order (by date): a list's `sortBy` is not sent. */
export const getStatement = ({ sortBy: _sortBy, ...params }: StatementParams & { sortBy?: string }) =>
  call(statementEndpoints.statement, { query: { limit: STATEMENT_PAGE_SIZE, ...params } as Record<string, QueryValue> }, fallback('statement.errors.fetch', 'Failed to fetch account statement'));

export const getSummary = (month: string) =>
  call(statementEndpoints.summary, { query: { month } }, fallback('accountSummary.errors.fetch', 'Failed to fetch account summary'));

export const getBudgetTargets = (month: string) =>
  call(statementEndpoints.targets, { query: { month } }, fallback('accountSummary.errors.fetchTargets', 'Failed to fetch budget targets')).then((r) => r.data);

export const getReceivables = (asOf?: string) =>
  call(statementEndpoints.aging.receivables, { query: { asOf } }, fallback('aging.errors.fetchReceivables', 'Failed to fetch receivables')).then((r) => r.data);

export const getPayables = (asOf?: string) =>
  call(statementEndpoints.aging.payables, { query: { asOf } }, fallback('aging.errors.fetchPayables', 'Failed to fetch payables')).then((r) => r.data);

export const statementQueryOptions = (params: StatementParams) =>
  queryOptions({ queryKey: monthKeys.statement(params), queryFn: () => getStatement(params), placeholderData: keepPreviousData });
export const summaryQueryOptions = (month: string) => queryOptions({ queryKey: monthKeys.summary(month), queryFn: () => getSummary(month), placeholderData: keepPreviousData });
export const budgetTargetsQueryOptions = (month: string) => queryOptions({ queryKey: monthKeys.targets(month), queryFn: () => getBudgetTargets(month) });
export const receivablesQueryOptions = (asOf?: string) => queryOptions({ queryKey: monthKeys.receivables(asOf), queryFn: () => getReceivables(asOf), placeholderData: keepPreviousData });
export const payablesQueryOptions = (asOf?: string) => queryOptions({ queryKey: monthKeys.payables(asOf), queryFn: () => getPayables(asOf), placeholderData: keepPreviousData });

export const useStatement = (params: StatementParams) => useQuery(statementQueryOptions(params));
export const useSummary = (month: string) => useQuery(summaryQueryOptions(month));
export const useBudgetTargets = (month: string) => useQuery(budgetTargetsQueryOptions(month));
export const useReceivables = (asOf?: string) => useQuery(receivablesQueryOptions(asOf));
export const usePayables = (asOf?: string) => useQuery(payablesQueryOptions(asOf));

// ---------- downloads: plain links, the session cookie goes with them ----------

/** `GET /account/journal/export`: the journal between two days as hledger, beancount or CSV text. */
export const journalExportUrl = (format: ExportFormat, range: Range = {}) => `/api${statementEndpoints.journalExport.pattern}${toQueryString({ format, from: range.from, to: range.to })}`;
/** `GET /account/receivables/export` and `/account/payables/export`: the aging report as CSV. */
export const agingExportUrl = (report: 'receivables' | 'payables', asOf?: string) => `/api${statementEndpoints.agingExport[report].pattern}${toQueryString({ asOf })}`;
