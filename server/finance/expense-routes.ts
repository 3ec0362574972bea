import * as v from 'valibot';
import { idParams, idSchema, itemAnswer, listAnswerOf } from '../../src/api/common/schemas';
import {
  expensePaths,
  MAX_RECEIPT_BYTES,
  RECEIPT_TYPES,
  expenseCorrectionInput,
  expenseInput,
  expenseReverseInput,
  expenseSchema,
  expenseStatsSchema,
  expensesQuery,
  recurringActiveInput,
  recurringExpenseInput,
  recurringExpenseSchema,
  salariesQuery,
  salariesSchema,
  salaryCorrectionInput,
  salaryInput,
  salaryRateInput,
  salaryRunInput,
  salaryRunSchema,
} from '../../src/api/finance/expenses/contract';
import { can } from '../../src/api/permissions';
import type { AuthContext } from '../auth/session';
import { organizationToday } from '../db/clock';
import type { Tx } from '../db/client';
import { disposition } from '../documents';
import { allow, fileAnswer, route, type RouteDef } from '../http/route';
import type { AppServices } from '../services';
import {
  checkReceipt,
  correctExpense,
  correctSalary,
  createRecurring,
  expenseById,
  expenseReceipt,
  expensesPage,
  paySalary,
  recordExpense,
  recurringList,
  reverseExpense,
  reverseSalary,
  runSalaries,
  salaries,
  setRecurringActive,
  setSalaryRate,
} from './expenses';

/** Expenses (the seed's `POST /expenses`, `GET /expenses`, `POST /expenses/salary`; an expense reversed or corrected), salaries and recurring expenses. */

const today = (tx: Tx, services: AppServices) => organizationToday(tx, services.clock);
const seesSalaries = (auth: AuthContext) => can(auth.role.permissions, 'salaries', 'view');

export const expenseRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: expensePaths.list.pattern,
    answers: listAnswerOf(expenseSchema, expenseStatsSchema),
    access: allow('expenses', 'view'),
    query: expensesQuery,
    handler: async ({ tx, query, auth, services }) => expensesPage(tx, query, seesSalaries(auth), (await today(tx, services)).slice(0, 7)),
  }),
  route({
    method: 'POST',
    path: expensePaths.list.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('expenses', 'create'),
    body: expenseInput,
    multipart: { files: 'receipt' },
    maxBodyBytes: MAX_RECEIPT_BYTES + 64 * 1024,
    idempotent: true,
    status: 201,
    async handler({ tx, body, files, auth, services }) {
      const receipt = checkReceipt(files);
      return { data: await recordExpense(tx, body, receipt, auth.memberId, await today(tx, services)) };
    },
  }),
  route({
    method: 'GET',
    path: expensePaths.recurring.pattern,
    answers: itemAnswer(v.array(recurringExpenseSchema)),
    access: allow('expenses', 'view'),
    handler: async ({ tx }) => ({ data: await recurringList(tx) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.recurring.pattern,
    answers: itemAnswer(recurringExpenseSchema),
    access: allow('expenses', 'create'),
    body: recurringExpenseInput,
    status: 201,
    handler: async ({ tx, body, auth }) => ({ data: await createRecurring(tx, body, auth.memberId) }),
  }),
  route({
    method: 'PUT',
    path: expensePaths.recurringOne.pattern,
    answers: itemAnswer(recurringExpenseSchema),
    access: allow('expenses', 'update'),
    params: idParams,
    body: recurringActiveInput,
    handler: async ({ tx, params, body }) => ({ data: await setRecurringActive(tx, params.id, body.active) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.salary.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('salaries', 'create'),
    body: salaryInput,
    idempotent: true,
    status: 201,
    handler: async ({ tx, body, auth, services }) => ({ data: await paySalary(tx, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.salaryRun.pattern,
    answers: itemAnswer(salaryRunSchema),
    access: allow('salaries', 'create'),
    body: salaryRunInput,
    idempotent: true,
    handler: async ({ tx, body, auth, services }) => ({ data: await runSalaries(tx, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.salaryReverse.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('salaries', 'update'),
    params: idParams,
    body: expenseReverseInput,
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await reverseSalary(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.salaryCorrect.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('salaries', 'update'),
    params: idParams,
    body: salaryCorrectionInput,
    idempotent: true,
    status: 201,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await correctSalary(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'GET',
    path: expensePaths.byId.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('expenses', 'view'),
    params: idParams,
    handler: async ({ tx, params, auth }) => ({ data: await expenseById(tx, params.id, seesSalaries(auth)) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.reverse.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('expenses', 'delete'),
    params: idParams,
    body: expenseReverseInput,
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await reverseExpense(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'POST',
    path: expensePaths.correct.pattern,
    answers: itemAnswer(expenseSchema),
    access: allow('expenses', 'update'),
    params: idParams,
    body: expenseCorrectionInput,
    idempotent: true,
    status: 201,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await correctExpense(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    method: 'GET',
    path: expensePaths.receipt.pattern,
    answers: fileAnswer(...RECEIPT_TYPES),
    access: allow('expenses', 'view'),
    params: idParams,
    async handler({ tx, params, auth }) {
      const file = await expenseReceipt(tx, params.id, seesSalaries(auth));
      return new Response(new Uint8Array(file.bytes), {
        headers: { 'Content-Type': file.type, 'Content-Disposition': disposition('attachment', file.name), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
      });
    },
  }),
  route({
    method: 'GET',
    path: expensePaths.salaries.pattern,
    answers: itemAnswer(salariesSchema),
    access: allow('salaries', 'view'),
    query: salariesQuery,
    handler: async ({ tx, query, services }) => ({ data: await salaries(tx, query.month ?? (await today(tx, services)).slice(0, 7)) }),
  }),
  route({
    method: 'PUT',
    path: expensePaths.memberSalary.pattern,
    answers: itemAnswer(salariesSchema),
    access: allow('salaries', 'update'),
    params: v.object({ memberId: idSchema }),
    body: salaryRateInput,
    async handler({ tx, params, body, auth, services }) {
      await setSalaryRate(tx, params.memberId, body.amount, auth.memberId);
      return { data: await salaries(tx, body.month ?? (await today(tx, services)).slice(0, 7)) };
    },
  }),
];
