import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../src/api/finance/contract';
import { addDays, dateIn, monthStart } from '../../src/domain/calendar';
import type { Tx } from '../db/client';
import { recordOpeningBalances, recordOtherIncome } from './store';

/**
 * The demo organizations' books: money in the bank and the till from the first day of the month
 * three months before the first start, and a few other incomes since, posted through the journal
 * like any movement (so the chart shows balances and the journal has entries from the start).
 */
export interface FinanceSeed {
  opening: { paymentMethod: PaymentMethod; amount: number }[];
  incomes: { daysAgo: number; amount: number; paymentMethod: PaymentMethod; description: string }[];
}

export const DEMO_FINANCE: FinanceSeed = {
  opening: [
    { paymentMethod: 'bank-transfer', amount: 25_000_000 },
    { paymentMethod: 'cash', amount: 1_250_000 },
  ],
  incomes: [
    { daysAgo: 70, amount: 185_000, paymentMethod: 'bank-transfer', description: 'Group booking commission, Emirates Group Desk' },
    { daysAgo: 45, amount: 4_217, paymentMethod: 'bank-transfer', description: 'Interest on the business account' },
    { daysAgo: 20, amount: 32_000, paymentMethod: 'card', description: 'Referral fee, TravelSafe Insurance' },
    { daysAgo: 6, amount: 45_000, paymentMethod: 'cash', description: 'Sale of old office furniture' },
  ],
};

export const GLOBE_FINANCE: FinanceSeed = {
  opening: [
    { paymentMethod: 'bank-transfer', amount: 8_000_000 },
    { paymentMethod: 'cash', amount: 200_000 },
  ],
  incomes: [{ daysAgo: 12, amount: 27_500, paymentMethod: 'bank-transfer', description: 'Commission, Porto Wine Tours' }],
};

/** By demo organization name (server/db/seed.ts DEMO_ORGS). */
export const FINANCE_SEEDS: Record<string, FinanceSeed> = { 'Demo Travels': DEMO_FINANCE, 'Globe Trotters': GLOBE_FINANCE };

export async function seedFinance(tx: Tx, organizationId: string, spec: FinanceSeed, now = Date.now()): Promise<void> {
  // The journal posts for the transaction's organization: make it this one for what follows.
  await tx.execute(sql`select set_config('app.org_id', ${organizationId}, true)`);
  const today = dateIn(now, 'UTC');
  const opened = monthStart(today, -3);
  await recordOpeningBalances(tx, { date: opened, balances: spec.opening }, null);
  for (const income of [...spec.incomes].sort((a, b) => b.daysAgo - a.daysAgo)) {
    await recordOtherIncome(tx, { date: addDays(today, -income.daysAgo), amount: income.amount, paymentMethod: income.paymentMethod, description: income.description }, null);
  }
}

/**
 * The demo's books start with its history (docs/decisions.md): the first day any of its money is
 * dated, so every movement the seed wrote is within them and staff may record more back to there.
 */
export async function startBooksWithHistory(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`
    update configurations set settings = settings || jsonb_build_object('booksStart', (
      select to_char(min(d), 'YYYY-MM-DD') from (
        select min(date) as d from journal_entries where organization_id = ${organizationId}
        union all select min(paid_on) from booking_payments where organization_id = ${organizationId}
        union all select min(paid_on) from operation_payments where organization_id = ${organizationId}
      ) history))
    where organization_id = ${organizationId} and module = 'finance'`);
}
