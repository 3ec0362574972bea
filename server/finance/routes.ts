import * as v from 'valibot';
import { idParams, itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
import { REVERSIBLE_BY_HAND, accountSchema, chartQuery, journalEntrySchema, lockDateInput, lockDateSchema, moneyRulesInput, moneyRulesSchema, openingBalancesSchema, otherIncomeSchema, reversalSchema, journalQuery, openingBalancesInput, otherIncomeInput, reverseEntryInput } from '../../src/api/finance/contract';
import { financePaths } from '../../src/api/finance/contract';
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
    method: 'GET',
    path: financePaths.chart.pattern,
    answers: itemAnswer(v.array(accountSchema)),
    access: allow('account', 'view'),
    query: chartQuery,
    handler: async ({ tx, query }) => ({ data: await chartOfAccounts(tx, query) }),
  }),
  route({
    method: 'GET',
    path: financePaths.journal.pattern,
    answers: listAnswerOf(journalEntrySchema),
    access: allow('account', 'view'),
    query: journalQuery,
    handler: ({ tx, query, auth }) => journalPage(tx, query, auth),
  }),
  route({
    method: 'POST',
    path: financePaths.reverseEntry.pattern,
    answers: itemAnswer(reversalSchema),
    access: allow('account', 'delete'),
    params: idParams,
    body: reverseEntryInput,
    status: 201,
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
    method: 'GET',
    path: financePaths.lockDate.pattern,
    answers: itemAnswer(lockDateSchema),
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await lockDate(tx) }),
  }),
  route({
    method: 'PUT',
    path: financePaths.lockDate.pattern,
    answers: itemAnswer(lockDateSchema),
    access: allow('account', 'update'),
    body: lockDateInput,
    handler: async ({ tx, body, auth, services }) => ({ data: await moveLockDate(tx, auth, body, await organizationToday(tx, services.clock)) }),
  }),
  route({
    method: 'GET',
    path: financePaths.moneyRules.pattern,
    answers: itemAnswer(moneyRulesSchema),
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await moneyRules(tx) }),
  }),
  route({
    method: 'PUT',
    path: financePaths.moneyRules.pattern,
    answers: itemAnswer(moneyRulesSchema),
    access: allow('account', 'update'),
    body: moneyRulesInput,
    handler: async ({ tx, body }) => ({ data: await setMoneyRules(tx, body) }),
  }),
  route({
    method: 'GET',
    path: financePaths.openingBalances.pattern,
    answers: itemAnswer(v.nullable(openingBalancesSchema)),
    access: allow('account', 'view'),
    handler: async ({ tx }) => ({ data: await openingBalances(tx) }),
  }),
  route({
    method: 'POST',
    path: financePaths.openingBalances.pattern,
    answers: itemAnswer(openingBalancesSchema),
    access: allow('account', 'create'),
    body: openingBalancesInput,
    status: 201,
    idempotent: true,
    async handler({ tx, body, auth, services }) {
      await assertMoneyDate(tx, await organizationToday(tx, services.clock), 'date', body.date);
      return { data: await recordOpeningBalances(tx, body, auth.memberId) };
    },
  }),
  // The seed's call: other income (a commission, interest, a refund from a supplier…).
  route({
    method: 'POST',
    path: financePaths.income.pattern,
    answers: itemAnswer(otherIncomeSchema),
    access: allow('account', 'create'),
    body: otherIncomeInput,
    status: 201,
    idempotent: true,
    async handler({ tx, body, auth, services }) {
      await assertMoneyDate(tx, await organizationToday(tx, services.clock), 'date', body.date);
      return { data: await recordOtherIncome(tx, body, auth.memberId) };
    },
  }),
  // Its receipt: the PDF in any language, sent by email (or kept in the outbox), and its sends.
  ...documentRoutes({
    paths: financePaths.incomeReceipt,
    params: idParams,
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
