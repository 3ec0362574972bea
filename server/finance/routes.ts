import { REVERSIBLE_BY_HAND } from '../../src/api/finance/contract';
import { financeEndpoints } from '../../src/api/finance/contract';
import { organizationToday } from '../db/clock';
import { assertBooksOpen, lockDate, moveLockDate } from './periods';
import { expenseRoutes } from './expense-routes';
import { monthRoutes } from './month-routes';
import { allow, route, type RouteDef } from '../http/route';
import { reverseEntry } from './journal';
import { assertMoneyDate } from './dates';
import { chartOfAccounts, journalPage, moneyRules, setMoneyRules, openingBalances, otherIncomeById, recordOpeningBalances, recordOtherIncome } from './store';
import { documentRoutes, receiptTemplate, fill } from '../documents';

/** The finance area's routes: the chart and journal to read, and the first movements of money. */
export const financeRoutes: RouteDef[] = [
  ...monthRoutes,
  ...expenseRoutes,
  route({
    endpoint: financeEndpoints.chart,
    access: allow('account', 'view'),
    handler: async ({ tx, query }) => ({ data: await chartOfAccounts(tx, query) }),
  }),
  route({
    endpoint: financeEndpoints.journal,
    access: allow('account', 'view'),
    handler: ({ tx, query, auth }) => journalPage(tx, query, auth),
  }),
  route({
    endpoint: financeEndpoints.reverseEntry,
    access: allow('account', 'delete'),
    idempotent: true,
    async handler({ tx, params, body, auth, services }) {
      await assertBooksOpen(tx, body.date);
      const today = await organizationToday(tx, services.clock);
      const within = (date: string) => assertMoneyDate(tx, today, 'date', date);
      const reversal = await reverseEntry(tx, params.id, { date: body.date, memo: body.memo ?? null, postedBy: auth.memberId, allowedSources: REVERSIBLE_BY_HAND, within });
      return { data: { entryId: reversal.id, reversesEntryId: params.id } };
    },
  }),
  route({
    endpoint: financeEndpoints.lockDate,
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await lockDate(tx) }),
  }),
  route({
    endpoint: financeEndpoints.updateLockDate,
    access: allow('account', 'update'),
    handler: async ({ tx, body, auth, services }) => ({ data: await moveLockDate(tx, auth, body, await organizationToday(tx, services.clock)) }),
  }),
  route({
    endpoint: financeEndpoints.moneyRules,
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await moneyRules(tx) }),
  }),
  route({
    endpoint: financeEndpoints.updateMoneyRules,
    access: allow('account', 'update'),
    handler: async ({ tx, body }) => ({ data: await setMoneyRules(tx, body) }),
  }),
  route({
    endpoint: financeEndpoints.openingBalances,
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await openingBalances(tx) }),
  }),
  route({
    endpoint: financeEndpoints.createOpeningBalances,
    access: allow('account', 'create'),
    idempotent: true,
    async handler({ tx, body, auth, services }) {
      await assertMoneyDate(tx, await organizationToday(tx, services.clock), 'date', body.date);
      return { data: await recordOpeningBalances(tx, body, auth.memberId) };
    },
  }),
  // The seed's call: other income (a commission, interest, a refund from a supplier…).
  route({
    endpoint: financeEndpoints.income,
    access: allow('account', 'create'),
    idempotent: true,
    async handler({ tx, body, auth, services }) {
      await assertMoneyDate(tx, await organizationToday(tx, services.clock), 'date', body.date);
      return { data: await recordOtherIncome(tx, body, auth.memberId) };
    },
  }),
  // Its receipt: the PDF in any language, sent by email (or kept in the outbox), and its sends.
  ...documentRoutes({
    endpoints: financeEndpoints.incomeReceipt,
    read: allow('account', 'view'),
    send: allow('account', 'create'),
    async load(tx, { id }) {
      const income = await otherIncomeById(tx, id);
      return {
        recordType: 'other-income',
        recordId: income._id,
        recordLabel: income.number,
        template: receiptTemplate,
        data: income,
        email: (s, organization) => ({
          subject: fill(s.email.receiptSubject, { number: income.number, organization }),
          message: fill(s.email.receiptMessage, { number: income.number, organization }),
        }),
      };
    },
  }),
];
