import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  cancellationPaths,
  bookingIdParams,
  cancelInput,
  cancellationDetailSchema,
  cancellationSchema,
  cancellationStatusRequest,
  cancellationsQuery,
  quoteSchema,
} from '../../src/api/cancellations/contract';
import { idParams, itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
import { creditPaths, creditNoteSchema, creditNotesQuery, processRefundInput, refundSchema, refundsQuery } from '../../src/api/finance/credit/contract';
import { OPEN_CANCELLATION_STATES } from '../../src/machines/cancellation-machine';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { bookings } from '../bookings';
import { organizationToday } from '../db/clock';
import type { Tx } from '../db/client';
import { notFound } from '../http/errors';
import { allow, route, type RouteDef } from '../http/route';
import type { AppServices } from '../services';
import { creditNoteById, creditNotesPage, processRefund, refundById, refundsPage } from './credit';
import { bookingCancellations } from './schema';
import { CANCELLATION_RECORD, cancellationDetail, cancellationsOfBooking, cancellationsPage, quoteFor, requestCancellation, visibleBooking } from './store';
import { decideCancellation } from './workflow';
import { cancellationDocumentRoutes } from './documents';

/** The cancellations area's routes (SPEC workflow 4; the seed's `booking-cancellations` calls, and credit notes and refunds). */

const today = (tx: Tx, services: AppServices) => organizationToday(tx, services.clock);

/** A cancellation the caller may see, locked for the decision (404 otherwise). */
async function lockVisibleCancellation(tx: Tx, auth: AuthContext, id: string) {
  const own = ownRecordsOf(auth, 'bookings');
  const [row] = await tx
    .select({ c: bookingCancellations })
    .from(bookingCancellations)
    .innerJoin(bookings, eq(bookings.id, bookingCancellations.bookingId))
    .where(and(eq(bookingCancellations.id, id), own ? eq(bookings.convertedBy, own) : undefined))
    .for('update', { of: bookingCancellations });
  if (!row) throw notFound(CANCELLATION_RECORD);
  return row.c;
}

export const cancellationRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: cancellationPaths.quote.pattern,
    answers: itemAnswer(quoteSchema),
    access: allow('bookings', 'view'),
    params: bookingIdParams,
    handler: async ({ tx, auth, params, services }) => ({ data: await quoteFor(tx, await visibleBooking(tx, auth, params.id), await today(tx, services)) }),
  }),
  route({
    method: 'GET',
    path: cancellationPaths.ofBooking.pattern,
    answers: itemAnswer(v.array(cancellationSchema)),
    access: allow('bookings', 'view'),
    params: bookingIdParams,
    handler: async ({ tx, auth, params }) => ({ data: await cancellationsOfBooking(tx, (await visibleBooking(tx, auth, params.id)).id) }),
  }),
  route({
    method: 'POST',
    path: cancellationPaths.request,
    answers: itemAnswer(cancellationDetailSchema),
    access: allow('cancellations', 'create'),
    body: cancelInput,
    status: 201,
    async handler({ tx, auth, body, services }) {
      const day = await today(tx, services);
      const id = await requestCancellation(tx, auth, body, day);
      return { data: await cancellationDetail(tx, auth, id, day) };
    },
  }),
  route({
    method: 'GET',
    path: cancellationPaths.decided,
    answers: listAnswerOf(cancellationSchema),
    access: allow('cancellations', 'view'),
    query: cancellationsQuery,
    handler: ({ tx, auth, query }) => cancellationsPage(tx, auth, query, 'decided'),
  }),
  route({
    method: 'GET',
    path: cancellationPaths.requested,
    answers: listAnswerOf(cancellationSchema),
    access: allow('cancellations', 'view'),
    query: cancellationsQuery,
    handler: ({ tx, auth, query }) => cancellationsPage(tx, auth, query, 'open'),
  }),
  route({
    method: 'GET',
    path: cancellationPaths.byId.pattern,
    answers: itemAnswer(cancellationDetailSchema),
    access: allow('cancellations', 'view'),
    params: idParams,
    handler: async ({ tx, auth, params, services }) => ({ data: await cancellationDetail(tx, auth, params.id, await today(tx, services)) }),
  }),
  route({
    method: 'GET',
    path: cancellationPaths.requestById.pattern,
    answers: itemAnswer(cancellationDetailSchema),
    access: allow('cancellations', 'view'),
    params: idParams,
    handler: async ({ tx, auth, params, services }) => ({ data: await cancellationDetail(tx, auth, params.id, await today(tx, services), OPEN_CANCELLATION_STATES) }),
  }),
  route({
    method: cancellationStatusRequest.method,
    path: cancellationStatusRequest.path,
    answers: itemAnswer(cancellationDetailSchema),
    access: allow('cancellations', 'approve'),
    params: idParams,
    body: cancellationStatusRequest.body,
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      const day = await today(tx, services);
      const row = await lockVisibleCancellation(tx, auth, params.id);
      await decideCancellation(tx, row, { auth, today: day, body });
      return { data: await cancellationDetail(tx, auth, params.id, day) };
    },
  }),
  route({
    method: 'GET',
    path: creditPaths.creditNotes,
    answers: listAnswerOf(creditNoteSchema),
    access: allow('cancellations', 'view'),
    query: creditNotesQuery,
    handler: ({ tx, auth, query }) => creditNotesPage(tx, auth, query),
  }),
  route({
    method: 'GET',
    path: creditPaths.creditNote.pattern,
    answers: itemAnswer(creditNoteSchema),
    access: allow('cancellations', 'view'),
    params: idParams,
    handler: async ({ tx, auth, params }) => ({ data: await creditNoteById(tx, auth, params.id) }),
  }),
  route({
    method: 'GET',
    path: creditPaths.refunds,
    answers: listAnswerOf(refundSchema),
    access: allow('cancellations', 'view'),
    query: refundsQuery,
    handler: ({ tx, auth, query }) => refundsPage(tx, auth, query),
  }),
  route({
    method: 'PUT',
    path: creditPaths.process.pattern,
    answers: itemAnswer(refundSchema),
    access: allow('account', 'create'),
    params: idParams,
    body: processRefundInput,
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      await processRefund(tx, auth, params.id, body, await today(tx, services));
      return { data: await refundById(tx, auth, params.id) };
    },
  }),
  ...cancellationDocumentRoutes,
];
