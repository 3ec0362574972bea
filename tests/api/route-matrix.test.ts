import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { markTourBooked } from '../../server/tours/workflow';
import type { RouteDef } from '../../server/http/route';
import { startTestServer, type TestServer } from '../support/server';
import type { Agent } from '../support/agent';
import { checksum, checksumQuery } from '../support/db-checksum';

/**
 * Every registered route, enumerated from the registry the app mounts:
 * no session → 401; a role without the route's permission → 403;
 * another organization's session with this organization's ids → 404, and nothing changes;
 * a member who sees only his own leads reads nothing of a colleague's through any GET route.
 */
let s: TestServer;
let globe: Agent;
let powerless: Agent;
let demo: Record<string, string>;
/** Every table's rows, from the database catalog (a new table is covered without anyone listing it). */
let everything: string;

const key = (r: RouteDef) => `${r.method} ${r.path}`;

/** For each route that names a record, how to name one of Demo Travels' records. */
const crossTenant: Record<string, (ids: Record<string, string>) => { path: string; body?: unknown }> = {
  'GET /members/memberId/:id': (d) => ({ path: `/members/memberId/${d.member}` }),
  'PUT /members/memberId/:id': (d) => ({ path: `/members/memberId/${d.member}`, body: { name: 'Taken over' } }),
  'PUT /notifications/:id/read': (d) => ({ path: `/notifications/${d.notification}/read` }),
  'PUT /roles': (d) => ({ path: '/roles', body: { _id: d.role, name: 'Taken over' } }),
  'PUT /modules': (d) => ({ path: '/modules', body: { _id: d.module, name: 'Taken over' } }),
  'PUT /modules/reorder': (d) => ({ path: '/modules/reorder', body: { order: d.moduleOrder.split(',') } }),
  'GET /vendors/id/:id': (d) => ({ path: `/vendors/id/${d.vendor}` }),
  'GET /vendors/:id/transactions': (d) => ({ path: `/vendors/${d.vendor}/transactions` }),
  'PUT /vendors/:id': (d) => ({ path: `/vendors/${d.vendor}`, body: { name: 'Taken over', isActive: false } }),
  'DELETE /vendors/:id': (d) => ({ path: `/vendors/${d.vendor}` }),
  'PUT /regions/:id': (d) => ({ path: `/regions/${d.region}`, body: { name: 'Taken over' } }),
  'DELETE /regions/:id': (d) => ({ path: `/regions/${d.region}` }),
  'PUT /destinations/:id': (d) => ({ path: `/destinations/${d.destination}`, body: { name: 'Taken over' } }),
  'DELETE /destinations/:id': (d) => ({ path: `/destinations/${d.destination}` }),
  'GET /hotels/hotelId/:id': (d) => ({ path: `/hotels/hotelId/${d.hotel}` }),
  'PUT /hotels/:id': (d) => ({ path: `/hotels/${d.hotel}`, body: { name: 'Taken over' } }),
  'DELETE /hotels/:id': (d) => ({ path: `/hotels/${d.hotel}` }),
  'GET /activities/activityId/:id': (d) => ({ path: `/activities/activityId/${d.activity}` }),
  'PUT /activities/:id': (d) => ({ path: `/activities/${d.activity}`, body: { name: 'Taken over' } }),
  'DELETE /activities/:id': (d) => ({ path: `/activities/${d.activity}` }),
  'PUT /reviews/:id': (d) => ({ path: `/reviews/${d.review}`, body: { text: 'Taken over' } }),
  'DELETE /reviews/:id': (d) => ({ path: `/reviews/${d.review}` }),
  'GET /leads/:id': (d) => ({ path: `/leads/${d.lead}` }),
  'PUT /leads/details/:id': (d) => ({ path: `/leads/details/${d.lead}`, body: { name: 'Taken over' } }),
  'PUT /leads/:id/status': (d) => ({ path: `/leads/${d.lead}/status`, body: { status: 'contacted' } }),
  'PUT /leads/:id/owner': (d) => ({ path: `/leads/${d.lead}/owner`, body: { assignedTo: d.member } }),
  'POST /leads/:id/query': (d) => ({ path: `/leads/${d.lead}/query`, body: { notes: 'Taken over' } }),
  'PUT /leads/:id/query': (d) => ({ path: `/leads/${d.lead}/query`, body: { queryId: d.leadQuery, notes: 'Taken over' } }),
  'POST /leads/:id/query/:queryId/comment': (d) => ({ path: `/leads/${d.lead}/query/${d.leadQuery}/comment`, body: { text: 'Taken over' } }),
  'POST /leads/:id/followup': (d) => ({ path: `/leads/${d.lead}/followup`, body: { dueAt: new Date(Date.now() + 86_400_000).toISOString() } }),
  'POST /leads/:id/followup/response': (d) => ({ path: `/leads/${d.lead}/followup/response`, body: { followUpId: d.followUp, outcome: 'reached' } }),
  'GET /contacts/groups/:id': (d) => ({ path: `/contacts/groups/${d.contactGroup}` }),
  'PUT /contacts/groups/:id': (d) => ({ path: `/contacts/groups/${d.contactGroup}`, body: { name: 'Taken over' } }),
  'DELETE /contacts/groups/:id': (d) => ({ path: `/contacts/groups/${d.contactGroup}` }),
  'POST /account/journal/:id/reverse': (d) => ({ path: `/account/journal/${d.journalEntry}/reverse`, body: { date: '2031-01-01' } }),
  'PUT /customized-tours': (d) => ({ path: '/customized-tours', body: { _id: d.draftTour, title: 'Taken over', departure: '2031-01-01', arrival: '2031-01-02', adults: 1, days: [], lines: [] } }),
  'GET /chat-ai/lead-thread': (d) => ({ path: `/chat-ai/lead-thread?leadId=${d.lead}` }),
  'GET /leads/:id/chat': (d) => ({ path: `/leads/${d.lead}/chat` }),
  'POST /leads/:id/chat': (d) => ({ path: `/leads/${d.lead}/chat`, body: { text: 'Taken over' } }),
  'POST /customized-tours/generate-with-ai': (d) => ({ path: '/customized-tours/generate-with-ai', body: { leadId: d.lead, queryId: d.leadQuery } }),
  'PUT /customized-tours/booked': (d) => ({ path: '/customized-tours/booked', body: { _id: d.bookedTour, days: [] } }),
  'GET /customized-tours/lead/:leadId': (d) => ({ path: `/customized-tours/lead/${d.tourLead}` }),
  'GET /customized-tours/booking/:id': (d) => ({ path: `/customized-tours/booking/${d.tourBooking}` }),
  'PUT /customized-tours/booked/publish/:id': (d) => ({ path: `/customized-tours/booked/publish/${d.bookedTour}` }),
  'PUT /customized-tours/booked/revert/:id': (d) => ({ path: `/customized-tours/booked/revert/${d.bookedTour}` }),
  'PUT /customized-tours/:id/revise': (d) => ({ path: `/customized-tours/${d.sentTour}/revise` }),
  'POST /customized-tours/:id/send': (d) => ({ path: `/customized-tours/${d.draftTour}/send`, body: { to: 'someone@example.com' } }),
  'GET /customized-tours/:id/pdf': (d) => ({ path: `/customized-tours/${d.draftTour}/pdf` }),
  'GET /customized-tours/:id/sends': (d) => ({ path: `/customized-tours/${d.sentTour}/sends` }),
  'GET /customized-tours/:id/versions/:version': (d) => ({ path: `/customized-tours/${d.sentTour}/versions/1` }),
  'GET /customized-tours/:id': (d) => ({ path: `/customized-tours/${d.draftTour}` }),
  'DELETE /customized-tours/:id': (d) => ({ path: `/customized-tours/${d.draftTour}` }),
  'GET /personalized-tours/id/:id': (d) => ({ path: `/personalized-tours/id/${d.personalizedTour}` }),
  'PUT /personalized-tours': (d) => ({ path: '/personalized-tours', body: { _id: d.personalizedTour, title: 'Taken over' } }),
  'DELETE /personalized-tours/:id': (d) => ({ path: `/personalized-tours/${d.personalizedTour}` }),
  'GET /group-tours/ids': (d) => ({ path: `/group-tours/ids?ids=${d.groupTour}` }),
  'GET /group-tours/id/:id': (d) => ({ path: `/group-tours/id/${d.groupTour}` }),
  'PUT /group-tours': (d) => ({ path: '/group-tours', body: { _id: d.groupTour, title: 'Taken over' } }),
  'DELETE /group-tours/:id': (d) => ({ path: `/group-tours/${d.groupTour}` }),
  'GET /personalized-tours/:id/pdf': (d) => ({ path: `/personalized-tours/${d.personalizedTour}/pdf` }),
  'GET /personalized-tours/:id/sends': (d) => ({ path: `/personalized-tours/${d.personalizedTour}/sends` }),
  'POST /personalized-tours/:id/send': (d) => ({ path: `/personalized-tours/${d.personalizedTour}/send`, body: { to: 'someone@example.com' } }),
  'GET /budget/income/:id/pdf': (d) => ({ path: `/budget/income/${d.income}/pdf` }),
  'GET /expenses/:id': (d) => ({ path: `/expenses/${d.financeExpense}` }),
  'GET /expenses/:id/receipt': (d) => ({ path: `/expenses/${d.financeExpense}/receipt` }),
  'POST /expenses/:id/reverse': (d) => ({ path: `/expenses/${d.financeExpense}/reverse`, body: { reason: 'Taken over' } }),
  'POST /expenses/salary/:id/reverse': (d) => ({ path: `/expenses/salary/${d.salaryExpense}/reverse`, body: { reason: 'Taken over' } }),
  'POST /expenses/salary/:id/correct': (d) => ({ path: `/expenses/salary/${d.salaryExpense}/correct`, body: { amount: 1, date: d.today, paymentMethod: 'cash', reason: 'Taken over' } }),
  'POST /expenses/:id/correct': (d) => ({ path: `/expenses/${d.financeExpense}/correct`, body: { category: 'other', amount: 1, date: d.today, paymentMethod: 'cash', description: 'Taken over', reason: 'Taken over' } }),
  'PUT /expenses/recurring/:id': (d) => ({ path: `/expenses/recurring/${d.recurringExpense}`, body: { active: false } }),
  'PUT /salaries/:memberId': (d) => ({ path: `/salaries/${d.member}`, body: { amount: 1 } }),
  'GET /budget/income/:id/sends': (d) => ({ path: `/budget/income/${d.income}/sends` }),
  'POST /budget/income/:id/send': (d) => ({ path: `/budget/income/${d.income}/send`, body: { to: 'someone@example.com' } }),
  'GET /outbox/:id': (d) => ({ path: `/outbox/${d.send}` }),
  'GET /outbox/:id/eml': (d) => ({ path: `/outbox/${d.send}/eml` }),
  'GET /outbox/:id/attachments/:attachmentId': (d) => ({ path: `/outbox/${d.send}/attachments/${d.attachment}` }),
  'GET /bookings/id/:id': (d) => ({ path: `/bookings/id/${d.booking}` }),
  'GET /bookings/lead/:leadId': (d) => ({ path: `/bookings/lead/${d.lead}` }),
  'PUT /bookings/:id/verify': (d) => ({ path: `/bookings/${d.booking}/verify` }),
  'PUT /bookings/:id/participant': (d) => ({ path: `/bookings/${d.booking}/participant`, body: { _id: d.traveller, name: 'Taken over' } }),
  'POST /bookings/:id/payment/reminder': (d) => ({ path: `/bookings/${d.booking}/payment/reminder` }),
  'POST /bookings/:id/payment': (d) => ({ path: `/bookings/${d.booking}/payment`, body: { amount: 100, paymentMethod: 'cash', paidOn: '2026-01-02' } }),
  'PUT /bookings/:id/payment/:paymentId/verify': (d) => ({ path: `/bookings/${d.booking}/payment/${d.payment}/verify` }),
  'PUT /bookings/:id/payment/:paymentId/fail': (d) => ({ path: `/bookings/${d.booking}/payment/${d.payment}/fail`, body: { reason: 'Taken over' } }),
  'GET /bookings/:id/payment/:paymentId/proof': (d) => ({ path: `/bookings/${d.booking}/payment/${d.payment}/proof` }),
  'POST /booking-invoices/generate': (d) => ({ path: '/booking-invoices/generate', body: { bookingId: d.completedBooking } }),
  'GET /bookings/:id/invoice-preview': (d) => ({ path: `/bookings/${d.completedBooking}/invoice-preview` }),
  'GET /bookings/:id/pdf': (d) => ({ path: `/bookings/${d.booking}/pdf` }),
  'GET /bookings/:id/sends': (d) => ({ path: `/bookings/${d.booking}/sends` }),
  'POST /bookings/:id/send': (d) => ({ path: `/bookings/${d.booking}/send`, body: { to: 'someone@example.com' } }),
  'GET /bookings/:id/payment-receipt/:paymentId/pdf': (d) => ({ path: `/bookings/${d.paidBooking}/payment-receipt/${d.verifiedPayment}/pdf` }),
  'GET /bookings/:id/payment-receipt/:paymentId/sends': (d) => ({ path: `/bookings/${d.paidBooking}/payment-receipt/${d.verifiedPayment}/sends` }),
  'POST /bookings/:id/payment-receipt/:paymentId/send': (d) => ({ path: `/bookings/${d.paidBooking}/payment-receipt/${d.verifiedPayment}/send`, body: { to: 'someone@example.com' } }),
  'GET /booking-invoices/:id/pdf': (d) => ({ path: `/booking-invoices/${d.invoice}/pdf` }),
  'GET /booking-invoices/:id/sends': (d) => ({ path: `/booking-invoices/${d.invoice}/sends` }),
  'POST /booking-invoices/:id/send': (d) => ({ path: `/booking-invoices/${d.invoice}/send`, body: { to: 'someone@example.com' } }),
  'GET /booking-operations/operationId/:id': (d) => ({ path: `/booking-operations/operationId/${d.operation}` }),
  'GET /booking-operations/bookingId/:id': (d) => ({ path: `/booking-operations/bookingId/${d.operationBooking}` }),
  'POST /booking-operations/:id/vouchers': (d) => ({ path: `/booking-operations/${d.operation}/vouchers`, body: { serviceType: 'hotels', vendorId: d.globeVendor, serviceStartDate: '2031-01-01', serviceEndDate: '2031-01-02', pax: 1, cost: 1 } }),
  'POST /booking-operations/:id/vouchers/from-tour': (d) => ({ path: `/booking-operations/${d.operation}/vouchers/from-tour` }),
  'PUT /booking-operations/:operationId/voucher/:id': (d) => ({ path: `/booking-operations/${d.operation}/voucher/${d.voucher}`, body: { status: 'void' } }),
  'POST /booking-operations/:operationId/voucher/:id/payment': (d) => ({ path: `/booking-operations/${d.operation}/voucher/${d.voucher}/payment`, body: { amount: 1, paymentMethod: 'cash', paidOn: '2026-01-02' } }),
  'GET /booking-operations/:operationId/voucher/:id/pdf': (d) => ({ path: `/booking-operations/${d.operation}/voucher/${d.voucher}/pdf` }),
  'PUT /booking-operations/:id/mark-completed': (d) => ({ path: `/booking-operations/${d.operation}/mark-completed` }),
  'POST /booking-operations/:id/send-vouchers': (d) => ({ path: `/booking-operations/${d.operation}/send-vouchers` }),
  'POST /booking-operations/:id/additional-expenses': (d) => ({ path: `/booking-operations/${d.operation}/additional-expenses`, body: { description: 'Taken over', category: 'other', amount: 1 } }),
  'PUT /booking-operations/:operationId/additional-expense/:expenseId': (d) => ({ path: `/booking-operations/${d.operation}/additional-expense/${d.expense}`, body: { description: 'Taken over' } }),
  'POST /booking-operations/:operationId/voucher/:id/vendor-refund': (d) => ({ path: `/booking-operations/${d.operation}/voucher/${d.voucher}/vendor-refund`, body: { amount: 1, paymentMethod: 'cash', receivedOn: '2026-01-02' } }),
  'GET /bookings/:id/cancellation-quote': (d) => ({ path: `/bookings/${d.cancellableBooking}/cancellation-quote` }),
  'GET /bookings/:id/cancellations': (d) => ({ path: `/bookings/${d.cancellableBooking}/cancellations` }),
  'POST /booking-cancellations/cancel': (d) => ({ path: '/booking-cancellations/cancel', body: { bookingId: d.cancellableBooking, reason: 'Taken over' } }),
  'GET /booking-cancellations/id/:id': (d) => ({ path: `/booking-cancellations/id/${d.cancellation}` }),
  'GET /booking-cancellations/requests/:id': (d) => ({ path: `/booking-cancellations/requests/${d.cancellationRequest}` }),
  'PATCH /booking-cancellations/:id/status': (d) => ({ path: `/booking-cancellations/${d.cancellationRequest}/status`, body: { status: 'rejected', comments: 'Taken over' } }),
  'GET /credit-notes/:id': (d) => ({ path: `/credit-notes/${d.creditNote}` }),
  'PUT /refunds/:id/process': (d) => ({ path: `/refunds/${d.refund}/process`, body: { refundedOn: d.today } }),
  'GET /booking-cancellations/:id/pdf': (d) => ({ path: `/booking-cancellations/${d.cancellation}/pdf` }),
  'GET /credit-notes/:id/pdf': (d) => ({ path: `/credit-notes/${d.creditNote}/pdf` }),
  'POST /bookings/:id/send-cancellation': (d) => ({ path: `/bookings/${d.cancelledBooking}/send-cancellation`, body: { to: 'someone@example.com' } }),
  'POST /booking-operations/:operationId/additional-expense/:expenseId/payment': (d) => ({ path: `/booking-operations/${d.operation}/additional-expense/${d.expense}/payment`, body: { amount: 1, paymentMethod: 'cash', paidOn: '2026-01-02' } }),
};

/** Routes that read or change a record named in the body rather than the path. */
const namesRecordInBody = new Set(['POST /booking-cancellations/cancel', 'PUT /roles', 'PUT /modules', 'PUT /modules/reorder', 'PUT /customized-tours', 'POST /customized-tours/generate-with-ai', 'PUT /customized-tours/booked', 'PUT /personalized-tours', 'PUT /group-tours', 'GET /group-tours/ids', 'POST /booking-invoices/generate']);

beforeAll(async () => {
  s = await startTestServer();
  const owner = await s.login('owner@demo.travel');
  // A role with no permission at all, and a member holding it.
  const role = await owner.post('/api/roles', { name: 'Nothing', permissions: {} });
  const member = await owner.post('/api/members', {
    name: 'No Rights',
    email: 'norights@demo.travel',
    department: 'sales',
    roleId: role.body.data._id,
    password: 'no-rights-password',
  });
  expect(member.status).toBe(201);
  powerless = await s.login('norights@demo.travel', 'no-rights-password');
  globe = await s.login('owner@globe.travel');
  const [m] = await s.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`);
  const [n] = await s.sql<{ id: string }>(`select n.id from notifications n join members m on m.id = n.member_id where m.email = 'owner@demo.travel'`);
  const [r] = await s.sql<{ id: string }>(`select r.id from roles r join organizations o on o.id = r.organization_id where o.name = 'Demo Travels' and r.name = 'Finance'`);
  const mods = await s.sql<{ id: string }>(`select x.id from modules x join organizations o on o.id = x.organization_id where o.name = 'Demo Travels' order by position`);
  const [vendor] = await s.sql<{ id: string }>(`select v.id from vendors v join organizations o on o.id = v.organization_id where o.name = 'Demo Travels' and v.status = 'active' order by v.name limit 1`);
  const demoRow = async (table: string) =>
    (await s.sql<{ id: string }>(`select x.id from ${table} x join organizations o on o.id = x.organization_id where o.name = 'Demo Travels' order by x.id limit 1`))[0].id;
  demo = {
    member: m.id,
    notification: n.id,
    role: r.id,
    module: mods[0].id,
    moduleOrder: mods.map((x) => x.id).join(','),
    vendor: vendor.id,
    region: await demoRow('regions'),
    destination: await demoRow('destinations'),
    hotel: await demoRow('hotels'),
    activity: await demoRow('activities'),
    review: await demoRow('reviews'),
    lead: (await s.sql<{ id: string }>(`select l.id from leads l join organizations o on o.id = l.organization_id where o.name = 'Demo Travels' and l.status = 'new' order by l.id limit 1`))[0].id,
    contactGroup: (await owner.post('/api/contacts/groups', { name: 'VIP customers' })).body.data._id,
    journalEntry: (await owner.get('/api/account/opening-balances')).body.data.entryId,
    personalizedTour: await demoRow('personalized_tours'),
    groupTour: await demoRow('group_tours'),
  };
  demo.income = (await owner.post('/api/budget/income', { amount: 100, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'cash', description: 'Matrix' })).body.data._id;
  const receipt = new FormData();
  for (const [k, v] of Object.entries({ category: 'other', amount: '100', date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'cash', description: 'Matrix expense' })) receipt.set(k, v);
  receipt.set('receipt', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'matrix.pdf');
  demo.financeExpense = (await owner.request('POST', '/api/expenses', receipt)).body.data._id;
  const salary = await owner.post('/api/expenses/salary', { memberId: demo.member, month: '2030-01', amount: 100, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'cash' });
  expect(salary.status, JSON.stringify(salary.body)).toBe(201);
  demo.salaryExpense = salary.body.data._id;
  demo.recurringExpense = (await owner.post('/api/expenses/recurring', { category: 'rent', amount: 100, paymentMethod: 'cash', description: 'Matrix rent', dayOfMonth: 1, startsOn: '2030-01-01' })).body.data._id;
  const send = (await owner.post(`/api/budget/income/${demo.income}/send`, { to: 'matrix@example.com' })).body.data;
  demo.send = send._id;
  demo.attachment = send.attachments[0]._id;
  // A booking with a payment waiting for verification, and one awaiting its invoice (server/bookings/seed.ts).
  const [pending] = await s.sql<{ booking_id: string; id: string }>(
    `select p.booking_id, p.id from booking_payments p join organizations o on o.id = p.organization_id where o.name = 'Demo Travels' and p.status = 'submitted' order by p.id limit 1`,
  );
  demo.booking = pending.booking_id;
  demo.payment = pending.id;
  demo.traveller = (await s.sql<{ id: string }>('select id from booking_travellers where booking_id = $1 order by position limit 1', [pending.booking_id]))[0].id;
  demo.completedBooking = (await s.sql<{ id: string }>(`select b.id from bookings b join organizations o on o.id = b.organization_id where o.name = 'Demo Travels' and b.status = 'completed' order by b.id limit 1`))[0].id;
  const [verified] = await s.sql<{ booking_id: string; id: string }>(
    `select p.booking_id, p.id from booking_payments p join organizations o on o.id = p.organization_id where o.name = 'Demo Travels' and p.status = 'verified' order by p.id limit 1`,
  );
  demo.paidBooking = verified.booking_id;
  demo.verifiedPayment = verified.id;
  demo.invoice = (await s.sql<{ id: string }>(`select i.id from booking_invoices i join organizations o on o.id = i.organization_id where o.name = 'Demo Travels' order by i.id limit 1`))[0].id;
  // An operation with a voucher and an expense still open (server/operations/seed.ts), and a vendor of Globe's.
  const [openOp] = await s.sql<{ id: string; booking_id: string; voucher: string; expense: string }>(
    `select o.id, o.booking_id, (select v.id from vouchers v where v.operation_id = o.id order by v.id limit 1) as voucher,
            (select e.id from additional_expenses e where e.operation_id = o.id order by e.id limit 1) as expense
     from booking_operations o join organizations g on g.id = o.organization_id
     where g.name = 'Demo Travels' and o.status = 'pending' and exists (select 1 from additional_expenses e where e.operation_id = o.id) limit 1`,
  );
  demo.operation = openOp.id;
  demo.operationBooking = openOp.booking_id;
  demo.voucher = openOp.voucher;
  demo.expense = openOp.expense;
  demo.globeVendor = (await s.sql<{ id: string }>(`select v.id from vendors v join organizations o on o.id = v.organization_id where o.name = 'Globe Trotters' limit 1`))[0].id;
  demo.leadQuery = (await owner.post(`/api/leads/${demo.lead}/query`, { adults: 2 })).body.data.queries.at(-1)._id;
  demo.followUp = (await owner.post(`/api/leads/${demo.lead}/followup`, { dueAt: new Date(Date.now() + 3_600_000).toISOString() })).body.data.followUps[0]._id;
  const tourOf = async (status: string) =>
    (await s.sql<{ id: string; lead_id: string }>(`select t.id, t.lead_id from customized_tours t join organizations o on o.id = t.organization_id where o.name = 'Demo Travels' and t.status = $1 and t.version = 1 order by t.id limit 2`, [status]));
  const [draft] = await tourOf('draft');
  const [sent, toBook] = await tourOf('sent');
  demo.draftTour = draft.id;
  demo.tourLead = draft.lead_id;
  demo.sentTour = sent.id;
  demo.bookedTour = toBook.id;
  // A customized tour booked by a booking id of its own (the tour records it; no booking row needed here).
  demo.tourBooking = '5b1f0c4e-1f7e-4d53-9a51-3c0d2a7e9b10';
  // Cancellations: a booking with a request waiting, one approved with a refund to process and a credit note (server/cancellations).
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const departure = (await owner.post('/api/group-tours', { title: 'Matrix departure', departure: inDays(60), arrival: inDays(65), pricePerPerson: { adult: 10_000, child: 0, infant: 0 }, capacity: 10, minimumToRun: 1 })).body.data._id;
  const paidBooking = async () => {
    const lead = (await owner.post('/api/leads', { name: 'Matrix cancellation', email: `matrix-${crypto.randomUUID()}@example.com` })).body.data._id;
    const booking = (await owner.post('/api/bookings', { tourType: 'group', tourId: departure, leadId: lead, pax: 1, travellers: [{ type: 'adult', name: 'Matrix' }], installments: [{ dueDate: today, amount: 10_000 }] })).body.data._id;
    const payment = (await owner.post(`/api/bookings/${booking}/payment`, { amount: 10_000, paymentMethod: 'cash', paidOn: today })).body.data._id;
    expect((await owner.put(`/api/bookings/${booking}/payment/${payment}/verify`, {})).status).toBe(200);
    return booking;
  };
  const [waiting, approved] = [await paidBooking(), await paidBooking()];
  demo.today = today;
  demo.cancellableBooking = waiting;
  demo.cancellationRequest = (await owner.post('/api/booking-cancellations/cancel', { bookingId: waiting, reason: 'Matrix' })).body.data._id;
  const decided = (await owner.post('/api/booking-cancellations/cancel', { bookingId: approved, reason: 'Matrix' })).body.data._id;
  const approval = await owner.patch(`/api/booking-cancellations/${decided}/status`, {
    status: 'approved', totalRefundAmount: 10_000, refundSource: 'money:cash', sourceAccountAmount: 5_000, creditNoteAmount: 5_000, validUntil: inDays(365),
  });
  expect(approval.status, JSON.stringify(approval.body)).toBe(200);
  demo.cancellation = decided;
  demo.cancelledBooking = approved;
  demo.refund = approval.body.data.refund._id;
  demo.creditNote = approval.body.data.creditNote._id;
  const [{ id: orgId }] = await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
  await s.database.withTenant(orgId, (tx) => markTourBooked(tx, toBook.id, demo.tourBooking, 1, null));
  everything = await checksumQuery(s);
});
afterAll(() => s.close());

const routes = [...registry.api.map((r) => ({ r, base: '/api' })), ...registry.platform.map((r) => ({ r, base: '/platform' }))];
const samplePath = (path: string) => path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');

describe('every route', () => {
  it('is covered by this matrix', () => {
    for (const { r } of routes) {
      // Operator routes are no organization's: a member gets 403 there (tests/api/platform.test.ts).
      if (r.access.kind === 'public' || r.access.kind === 'operator') continue;
      if (r.path.includes(':') || namesRecordInBody.has(key(r))) expect(crossTenant, `${key(r)} needs a cross-tenant fixture`).toHaveProperty([key(r)]);
    }
  });

  it.each(routes.filter(({ r }) => r.access.kind !== 'public').map(({ r, base }) => [key(r), r, base] as const))(
    '%s answers 401 without a session',
    async (_, r, base) => {
      const res = await s.agent().request(r.method, base + samplePath(r.path), r.method === 'GET' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Unauthorized! Please log in again.');
    },
  );

  it.each(routes.filter(({ r }) => r.access.kind === 'permission' || r.access.kind === 'anyPermission').map(({ r, base }) => [key(r), r, base] as const))(
    '%s answers 403 to a role without its permission',
    async (_, r, base) => {
      const res = await powerless.request(r.method, base + samplePath(r.path), r.method === 'GET' ? undefined : {});
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        r.access.kind === 'anyPermission'
          ? `You do not have any of the permissions ${r.access.of.map((g) => `${g.module}.${g.action}`).join(' | ')}`
          : `You do not have the permission ${(r.access as { module: string }).module}.${(r.access as { action: string }).action}`,
      );
    },
  );

  it.each(Object.keys(crossTenant))('%s answers 404 to another organization and changes nothing', async (routeKey) => {
    const [method] = routeKey.split(' ');
    const { path, body } = crossTenant[routeKey](demo);
    const before = await checksum(s, everything);
    const res = await globe.request(method, `/api${path}`, method === 'GET' ? undefined : (body ?? {}));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(await checksum(s, everything)).toBe(before);
  });

  it('answers 404 for another organization exactly as for an id that does not exist', async () => {
    const foreign = await globe.get(`/api/members/memberId/${demo.member}`);
    const missing = await globe.get('/api/members/memberId/00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe("'own' lead visibility on every route", () => {
  let sales: Agent;
  let colleague: Record<string, string>;
  const marker = { name: 'Zq Colleague Marker', phone: '+44 7700 955 123', email: 'zq.marker@colleague.example', comment: 'zq-comment-marker', notes: 'zq-notes-marker' };
  let secrets: string[];

  beforeAll(async () => {
    // Lina's lead, with everything a lead can carry; Samir (the same role, visibility 'own') must learn none of it.
    const lina = await s.login('lina@demo.travel');
    const lead = (
      await lina.post('/api/leads', {
        name: marker.name,
        phone: marker.phone,
        email: marker.email,
        comment: marker.comment,
        query: { adults: 2, notes: marker.notes },
        followUp: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).body.data;
    const owner = await s.login('owner@demo.travel');
    const group = (await owner.post('/api/contacts/groups', { name: 'Zq group', contactIds: [lead.contactId] })).body.data;
    colleague = { ...demo, lead: lead._id, leadQuery: lead.queries[0]._id, followUp: lead.followUps[0]._id, contactGroup: group._id };
    secrets = [marker.name, marker.phone, '447700955123', marker.email, marker.comment, marker.notes, lead._id, lead.contactId];
    sales = await s.login('sales@demo.travel');
  });

  const reads = routes.filter(({ r }) => r.method === 'GET' && r.access.kind !== 'public');
  it.each(reads.map(({ r, base }) => [key(r), r, base] as const))('%s answers nothing of a colleague’s lead', async (routeKey, r, base) => {
    const path = r.access.kind === 'operator' ? samplePath(r.path) : r.path.includes(':') ? crossTenant[routeKey](colleague).path : r.path;
    const searches = ['', `search=${encodeURIComponent(marker.name)}`, 'search=955123', `search=${encodeURIComponent(marker.email)}`, `ids=${colleague.lead}`];
    for (const q of searches) {
      const res = await sales.get(base + path + (q ? `?${q}` : ''));
      expect(res.status, q).toBeLessThan(500);
      const text = JSON.stringify(res.body);
      for (const secret of secrets) expect(text, `${q}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('tenancy in the database', () => {
  it('puts every tenant table under row-level security', async () => {
    const tables = await s.sql<{ relname: string; has_org: boolean; rls: boolean }>(`
      select c.relname, c.relrowsecurity as rls,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id') as has_org
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`);
    // Infrastructure, not tenant data: sign-in throttling, the job queue, public rate limits, the
    // platform's operators and their sessions, the test clock.
    const global = ['organizations', 'login_throttle', 'jobs', 'rate_limits', 'platform_operators', 'platform_sessions', 'clock_override'];
    for (const t of tables) {
      if (global.includes(t.relname)) {
        expect(t.has_org, `${t.relname} is global and has no organization_id`).toBe(false);
        continue;
      }
      expect(t.has_org, `${t.relname} has organization_id`).toBe(true);
      expect(t.rls, `${t.relname} has row-level security`).toBe(true);
    }
  });

  it('shows each organization only its own members', async () => {
    const res = await globe.get('/api/members');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { email: string }) => m.email)).toEqual(['owner@globe.travel']);
  });
});
