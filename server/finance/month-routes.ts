import { statementEndpoints } from '../../src/api/finance/statement/contract';
import { organizationToday } from '../db/clock';
import { memberLanguage } from '../auth/members';
import { disposition, DOCUMENT_STRINGS } from '../documents';
import { allow, route, type RouteDef } from '../http/route';
import type { AppServices } from '../services';
import type { Tx } from '../db/client';
import { payables, payablesCsv, receivables, receivablesCsv } from './aging';
import { createTarget, monthTargets, updateTarget } from './budget';
import { exportJournal } from './export';
import { accountStatement, accountSummary } from './statement';

/** The month of money (issue 28): the seed's statement, summary and budget targets, the journal's export, aging. */

const today = (tx: Tx, services: AppServices) => organizationToday(tx, services.clock);

const download = (text: string, contentType: string, fileName: string) =>
  new Response(text, { headers: { 'Content-Type': contentType, 'Content-Disposition': disposition('attachment', fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' } });

/** A CSV's headers in the language of the member who downloads it. */
const csvWords = async (tx: Tx, memberId: string) => DOCUMENT_STRINGS[await memberLanguage(tx, memberId)].csv;

export const monthRoutes: RouteDef[] = [
  route({
    endpoint: statementEndpoints.statement,
    access: allow('account', 'view'),
    handler: async ({ tx, query, services }) => accountStatement(tx, query, (await today(tx, services)).slice(0, 7)),
  }),
  route({
    endpoint: statementEndpoints.summary,
    access: allow('account', 'view'),
    handler: async ({ tx, query, services }) => accountSummary(tx, query.month ?? (await today(tx, services)).slice(0, 7)),
  }),
  route({
    endpoint: statementEndpoints.targets,
    access: allow('account', 'view'),
    handler: async ({ tx, query, services }) => ({ data: await monthTargets(tx, query.month ?? (await today(tx, services)).slice(0, 7)) }),
  }),
  ...(['income', 'expense'] as const).flatMap((kind) => [
    route({
      endpoint: statementEndpoints.target[kind].create,
      access: allow('account', 'create'),
      handler: async ({ tx, body, auth }) => ({ data: await createTarget(tx, kind, body, auth.memberId) }),
    }),
    route({
      endpoint: statementEndpoints.target[kind].update,
      access: allow('account', 'update'),
      handler: async ({ tx, body, auth }) => ({ data: await updateTarget(tx, kind, body, auth.memberId) }),
    }),
  ]),
  route({
    endpoint: statementEndpoints.journalExport,
    access: allow('account', 'export'),
    async handler({ tx, query, auth }) {
      const file = await exportJournal(tx, query, await csvWords(tx, auth.memberId));
      return download(file.text, file.contentType, `journal-${query.from ?? 'start'}-${query.to ?? 'today'}.${file.extension}`);
    },
  }),
  route({
    endpoint: statementEndpoints.aging.receivables,
    access: allow('account', 'view'),
    handler: async ({ tx, query, services }) => ({ data: await receivables(tx, query.asOf ?? (await today(tx, services))) }),
  }),
  route({
    endpoint: statementEndpoints.agingExport.receivables,
    access: allow('account', 'export'),
    async handler({ tx, query, services, auth }) {
      const report = await receivables(tx, query.asOf ?? (await today(tx, services)));
      return download(receivablesCsv(report, await csvWords(tx, auth.memberId)), 'text/csv; charset=utf-8', `receivables-${report.asOf}.csv`);
    },
  }),
  route({
    endpoint: statementEndpoints.aging.payables,
    access: allow('account', 'view'),
    handler: async ({ tx, query, services }) => ({ data: await payables(tx, query.asOf ?? (await today(tx, services))) }),
  }),
  route({
    endpoint: statementEndpoints.agingExport.payables,
    access: allow('account', 'export'),
    async handler({ tx, query, services, auth }) {
      const report = await payables(tx, query.asOf ?? (await today(tx, services)));
      return download(payablesCsv(report, await csvWords(tx, auth.memberId)), 'text/csv; charset=utf-8', `payables-${report.asOf}.csv`);
    },
  }),
];

