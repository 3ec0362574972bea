import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../admin/members/contract';
import { api, call, fallback, type QueryValue } from '../client';
import type { AnyEndpoint, PathValues } from '../common/endpoint';
import type { ItemAnswer } from '../common/schemas';
import type { DocumentSend, SendStatus } from './contract';
import { documentsEndpoints } from './contract';

/**
 * The documents client: a record's PDF link and sends (the record's area gives its path, e.g.
 * `/budget/income/{id}`), sending, the outbox, and the email settings' test.
 */
export interface OutboxParams {
  page?: number;
  limit?: number;
  search?: string;
  sortOrder?: 'asc' | 'desc';
  status?: SendStatus;
}

/** Where the browser opens a record's PDF in a language (same origin: the session cookie goes along). */
export const documentPdfUrl = (recordPath: string, lang: Locale) => `/api${recordPath}/pdf?lang=${lang}`;
/** Where the browser opens the PDF a `pdfEndpoint` answers, in a language: `/api/credit-notes/42/pdf?lang=fr`. */
export const pdfEndpointUrl = <E extends AnyEndpoint>(endpoint: E, params: PathValues<E['pattern']>, lang?: Locale) => `/api${endpoint.url(params)}${lang ? `?lang=${lang}` : ''}`;
export const emlUrl = (sendId: string) => `/api${documentsEndpoints.eml.url({ id: sendId })}`;
export const attachmentUrl = (sendId: string, attachmentId: string) => `/api${documentsEndpoints.attachment.url({ id: sendId, attachmentId })}`;

export const documentKeys = {
  all: ['documents'] as const,
  logo: ['documents', 'logo'] as const,
  outbox: (params: OutboxParams) => ['documents', 'outbox', params] as const,
  message: (id: string) => ['documents', 'message', id] as const,
  sends: (recordPath: string) => ['documents', 'sends', recordPath] as const,
};

export const getOutbox = (params: OutboxParams = {}) =>
  call(documentsEndpoints.outbox, { query: params as Record<string, QueryValue> }, fallback('documents.errors.fetchOutbox', 'Failed to fetch the outbox'));
export const getMessage = (id: string) => call(documentsEndpoints.message, { params: { id } }).then((r) => r.data);
export const getSends = (recordPath: string) => api.get<ItemAnswer<DocumentSend[]>>(`${recordPath}/sends`).then((r) => r.data);

export const outboxQueryOptions = (params: OutboxParams = {}) =>
  queryOptions({ queryKey: documentKeys.outbox(params), queryFn: () => getOutbox(params), placeholderData: keepPreviousData });
export const messageQueryOptions = (id: string) => queryOptions({ queryKey: documentKeys.message(id), queryFn: () => getMessage(id) });
/** A record's sends; refetched while one is still queued, so the person sees it go out (or fail). */
export const sendsQueryOptions = (recordPath: string) =>
  queryOptions({
    queryKey: documentKeys.sends(recordPath),
    queryFn: () => getSends(recordPath),
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'queued') ? 2000 : false),
  });

export const useOutbox = (params: OutboxParams = {}) => useQuery(outboxQueryOptions(params));
export const useMessage = (id: string | undefined) => useQuery({ ...messageQueryOptions(id ?? ''), enabled: !!id });
export const useSends = (recordPath: string) => useQuery(sendsQueryOptions(recordPath));

export interface SendValues {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  lang: Locale;
  attachments: File[];
}

/** Sends a record's document: `{recordPath}/send`, or `sendPath` for a document sent by a route of its own (`/bookings/{id}/send-cancellation`). */
export function sendDocument(recordPath: string, values: SendValues, sendPath = `${recordPath}/send`) {
  const form = new FormData();
  for (const to of values.to) form.append('to', to);
  for (const cc of values.cc) form.append('cc', cc);
  if (values.subject.trim()) form.append('subject', values.subject);
  if (values.message.trim()) form.append('message', values.message);
  form.append('lang', values.lang);
  for (const file of values.attachments) form.append('attachments', file, file.name);
  return api.postForm<ItemAnswer<DocumentSend>>(sendPath, form, { silent: true }).then((r) => r.data);
}

export function useSendDocument(recordPath: string, sendPath?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SendValues) => sendDocument(recordPath, values, sendPath),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const testEmail = (to: string, lang: Locale) =>
  call(documentsEndpoints.testEmail, { body: { to, lang } }, { silent: true }).then((r) => r.data);
export const useTestEmail = () => useMutation({ mutationFn: ({ to, lang }: { to: string; lang: Locale }) => testEmail(to, lang) });

/** The organization's logo as an image, or null when it has none. */
export async function getLogo(): Promise<Blob | null> {
  try {
    return await call(documentsEndpoints.logo, undefined, { silent: true });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}
export const logoQueryOptions = () => queryOptions({ queryKey: documentKeys.logo, queryFn: getLogo });
export const useLogo = () => useQuery(logoQueryOptions());
