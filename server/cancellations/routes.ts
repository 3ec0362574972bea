import { and, eq } from 'drizzle-orm';
import { cancellationEndpoints } from '../../src/api/cancellations/contract';
import { creditEndpoints } from '../../src/api/finance/credit/contract';
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
    endpoint: cancellationEndpoints.quote,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, params, services }) => ({ data: await quoteFor(tx, await visibleBooking(tx, auth, params.id), await today(tx, services)) }),
  }),
  route({
    endpoint: cancellationEndpoints.ofBooking,
    access: allow('bookings', 'view'),
    handler: async ({ tx, auth, params }) => ({ data: await cancellationsOfBooking(tx, (await visibleBooking(tx, auth, params.id)).id) }),
  }),
  route({
    endpoint: cancellationEndpoints.request,
    access: allow('cancellations', 'create'),
    async handler({ tx, auth, body, services }) {
      const day = await today(tx, services);
      const id = await requestCancellation(tx, auth, body, day);
      return { data: await cancellationDetail(tx, auth, id, day) };
    },
  }),
  route({
    endpoint: cancellationEndpoints.decided,
    access: allow('cancellations', 'view'),
    handler: ({ tx, auth, query }) => cancellationsPage(tx, auth, query, 'decided'),
  }),
  route({
    endpoint: cancellationEndpoints.requested,
    access: allow('cancellations', 'view'),
    handler: ({ tx, auth, query }) => cancellationsPage(tx, auth, query, 'open'),
  }),
  route({
    endpoint: cancellationEndpoints.byId,
    access: allow('cancellations', 'view'),
    handler: async ({ tx, auth, params, services }) => ({ data: await cancellationDetail(tx, auth, params.id, await today(tx, services)) }),
  }),
  route({
    endpoint: cancellationEndpoints.requestById,
    access: allow('cancellations', 'view'),
    handler: async ({ tx, auth, params, services }) => ({ data: await cancellationDetail(tx, auth, params.id, await today(tx, services), OPEN_CANCELLATION_STATES) }),
  }),
  route({
    endpoint: cancellationEndpoints.status,
    access: allow('cancellations', 'approve'),
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      const day = await today(tx, services);
      const row = await lockVisibleCancellation(tx, auth, params.id);
      await decideCancellation(tx, row, { auth, today: day, body });
      return { data: await cancellationDetail(tx, auth, params.id, day) };
    },
  }),
  route({
    endpoint: creditEndpoints.creditNotes,
    access: allow('cancellations', 'view'),
    handler: ({ tx, auth, query }) => creditNotesPage(tx, auth, query),
  }),
  route({
    endpoint: creditEndpoints.creditNote,
    access: allow('cancellations', 'view'),
    handler: async ({ tx, auth, params }) => ({ data: await creditNoteById(tx, auth, params.id) }),
  }),
  route({
    endpoint: creditEndpoints.refunds,
    access: allow('cancellations', 'view'),
    handler: ({ tx, auth, query }) => refundsPage(tx, auth, query),
  }),
  route({
    endpoint: creditEndpoints.process,
    access: allow('account', 'create'),
    idempotent: true,
    async handler({ tx, auth, params, body, services }) {
      await processRefund(tx, auth, params.id, body, await today(tx, services));
      return { data: await refundById(tx, auth, params.id) };
    },
  }),
  ...cancellationDocumentRoutes,
];
