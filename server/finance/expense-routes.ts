import { expenseEndpoints, MAX_RECEIPT_BYTES } from '../../src/api/finance/expenses/contract';
import { can } from '../../src/api/permissions';
import type { AuthContext } from '../auth/session';
import { organizationToday } from '../db/clock';
import type { Tx } from '../db/client';
import { disposition } from '../documents';
import { allow, route, type RouteDef } from '../http/route';
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
    endpoint: expenseEndpoints.list,
    access: allow('expenses', 'view'),
    handler: async ({ tx, query, auth, services }) => expensesPage(tx, query, seesSalaries(auth), (await today(tx, services)).slice(0, 7)),
  }),
  route({
    endpoint: expenseEndpoints.create,
    access: allow('expenses', 'create'),
    multipart: { files: 'receipt' },
    maxBodyBytes: MAX_RECEIPT_BYTES + 64 * 1024,
    idempotent: true,
    async handler({ tx, body, files, auth, services }) {
      const receipt = checkReceipt(files);
      return { data: await recordExpense(tx, body, receipt, auth.memberId, await today(tx, services)) };
    },
  }),
  route({
    endpoint: expenseEndpoints.recurring,
    access: allow('expenses', 'view'),
    handler: async ({ tx }) => ({ data: await recurringList(tx) }),
  }),
  route({
    endpoint: expenseEndpoints.createRecurring,
    access: allow('expenses', 'create'),
    handler: async ({ tx, body, auth }) => ({ data: await createRecurring(tx, body, auth.memberId) }),
  }),
  route({
    endpoint: expenseEndpoints.updateRecurring,
    access: allow('expenses', 'update'),
    handler: async ({ tx, params, body }) => ({ data: await setRecurringActive(tx, params.id, body.active) }),
  }),
  route({
    endpoint: expenseEndpoints.salary,
    access: allow('salaries', 'create'),
    idempotent: true,
    handler: async ({ tx, body, auth, services }) => ({ data: await paySalary(tx, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.salaryRun,
    access: allow('salaries', 'create'),
    idempotent: true,
    handler: async ({ tx, body, auth, services }) => ({ data: await runSalaries(tx, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.salaryReverse,
    access: allow('salaries', 'update'),
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await reverseSalary(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.salaryCorrect,
    access: allow('salaries', 'update'),
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await correctSalary(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.byId,
    access: allow('expenses', 'view'),
    handler: async ({ tx, params, auth }) => ({ data: await expenseById(tx, params.id, seesSalaries(auth)) }),
  }),
  route({
    endpoint: expenseEndpoints.reverse,
    access: allow('expenses', 'delete'),
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await reverseExpense(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.correct,
    access: allow('expenses', 'update'),
    idempotent: true,
    handler: async ({ tx, params, body, auth, services }) => ({ data: await correctExpense(tx, params.id, body, auth.memberId, await today(tx, services)) }),
  }),
  route({
    endpoint: expenseEndpoints.receipt,
    access: allow('expenses', 'view'),
    async handler({ tx, params, auth }) {
      const file = await expenseReceipt(tx, params.id, seesSalaries(auth));
      return new Response(new Uint8Array(file.bytes), {
        headers: { 'Content-Type': file.type, 'Content-Disposition': disposition('attachment', file.name), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
      });
    },
  }),
  route({
    endpoint: expenseEndpoints.salaries,
    access: allow('salaries', 'view'),
    handler: async ({ tx, query, services }) => ({ data: await salaries(tx, query.month ?? (await today(tx, services)).slice(0, 7)) }),
  }),
  route({
    endpoint: expenseEndpoints.memberSalary,
    access: allow('salaries', 'update'),
    async handler({ tx, params, body, auth, services }) {
      await setSalaryRate(tx, params.memberId, body.amount, auth.memberId);
      return { data: await salaries(tx, body.month ?? (await today(tx, services)).slice(0, 7)) };
    },
  }),
];
