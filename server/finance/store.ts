import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  memoCodeOf,
  PAYMENT_METHODS,
  moneyAccount,
  type MoneyRules,
  type MoneyRulesInput,
  type Account,
  type ChartQuery,
  type JournalEntry,
  type JournalQuery,
  type OpeningBalances,
  type OpeningBalancesInput,
  type OtherIncome,
  type OtherIncomeInput,
  type PaymentMethod,
} from '../../src/api/finance/contract';
import type { ListAnswer } from '../../src/api/common/schemas';
import type { Tx } from '../db/client';
import { readInteger } from '../db/money';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { EXPENSE_PAYMENT, VOUCHER_PAYMENT } from '../../src/api/operations/contract';
import { conflict, notFound } from '../http/errors';
import { containsPattern, listPage, pageOffset } from '../http/list';
import { exactTotal } from '../http/totals';
import { accountBalances, postEntry, type LineInput } from './journal';
import { nextNumber } from './series';
import { assertBooksOpen } from './periods';

/** The finance area's reads and writes; other areas post through journal.ts, and read here. */

const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

async function orgCurrency(tx: Tx): Promise<string> {
  const { rows } = await tx.execute<{ currency: string }>(sql`select currency from organizations where id = ${currentOrg}`);
  return rows[0].currency;
}

/** The chart of accounts with each account's balance. */
export async function chartOfAccounts(tx: Tx, q: ChartQuery = {}): Promise<Account[]> {
  const balances = await accountBalances(tx, q);
  const currency = await orgCurrency(tx);
  const { neverBelowZero } = await moneyRules(tx);
  return balances.map(({ id, ...a }) => ({ _id: id, ...a, currency, neverBelowZero: a.paymentMethod !== null && neverBelowZero.includes(a.paymentMethod) }));
}

/** The money accounts the organization refuses to let go below zero (the database's trigger reads the same column). */
export async function moneyRules(tx: Tx): Promise<MoneyRules> {
  const { rows } = await tx.execute<{ never_below_zero: PaymentMethod[] }>(sql`select never_below_zero from organizations where id = ${currentOrg}`);
  return { neverBelowZero: rows[0].never_below_zero };
}

/** `PUT /account/money-rules`: the accounts chosen, in the chart's order. */
export async function setMoneyRules(tx: Tx, input: MoneyRulesInput): Promise<MoneyRules> {
  const chosen = PAYMENT_METHODS.filter((m) => input.neverBelowZero.includes(m));
  await tx.execute(sql`update organizations set never_below_zero = ${`{${chosen.join(',')}}`}::text[], updated_at = now() where id = ${currentOrg}`);
  return moneyRules(tx);
}

const isoInstant = (value: string | Date) => new Date(value).toISOString();

interface EntryRow extends Record<string, unknown> {
  id: string;
  date: string;
  currency: string;
  memo: string | null;
  memo_key: string | null;
  memo_params: Record<string, string> | null;
  source_type: JournalEntry['sourceType'];
  source_id: string | null;
  reference: string | null;
  posted_by: string | null;
  posted_by_name: string | null;
  reverses_entry_id: string | null;
  reversed_by: string | null;
  created_at: string;
}

/**
 * Under "own" booking visibility the journal lists an entry that names a booking (a payment of
 * it, a payment for a voucher or an expense of its operation) only when the booking is the
 * caller's (issue 26). The sources' tables are named in SQL: those areas post through this one.
 */
function visibleEntries(auth: Pick<AuthContext, 'role' | 'memberId'>): SQL | undefined {
  const bookingsOf = ownRecordsOf(auth, 'bookings');
  if (!bookingsOf) return undefined;
  return sql`(e.source_type not in ('booking-payment', ${VOUCHER_PAYMENT}, ${EXPENSE_PAYMENT})
    or exists (select 1 from bookings vb where vb.converted_by = ${bookingsOf} and vb.id = case e.source_type
      when 'booking-payment' then (select p.booking_id from booking_payments p where p.id = e.source_id)
      else (select o.booking_id from operation_payments op join booking_operations o on o.id = op.operation_id where op.id = e.source_id) end))`;
}

/** The journal, newest first unless asked: entries with their lines, source and who posted them. */
export async function journalPage(tx: Tx, q: JournalQuery, auth: Pick<AuthContext, 'role' | 'memberId'>): Promise<ListAnswer<JournalEntry>> {
  const where: SQL[] = [sql`e.organization_id = ${currentOrg}`];
  const scope = visibleEntries(auth);
  if (scope) where.push(scope);
  if (q.date?.from) where.push(sql`e.date >= ${q.date.from}::date`);
  if (q.date?.to) where.push(sql`e.date <= ${q.date.to}::date`);
  if (q.sourceType?.length) where.push(sql`e.source_type in (${sql.join(q.sourceType.map((t) => sql`${t}`), sql`, `)})`);
  if (q.account) where.push(sql`exists (select 1 from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = e.id and a.key = ${q.account})`);
  if (q.search) where.push(sql`(e.memo ilike ${containsPattern(q.search)} or e.reference ilike ${containsPattern(q.search)})`);
  const filter = sql.join(where, sql` and `);
  const order = q.sortOrder === 'asc' ? sql`e.date asc, e.created_at asc, e.id asc` : sql`e.date desc, e.created_at desc, e.id desc`;
  const { rows } = await tx.execute<EntryRow>(sql`
    select e.id, e.date::text as date, e.currency, e.memo, e.memo_key, e.memo_params, e.source_type, e.source_id, e.reference, e.posted_by, m.name as posted_by_name,
           e.reverses_entry_id, r.id as reversed_by, e.created_at
    from journal_entries e
    left join members m on m.id = e.posted_by
    left join journal_entries r on r.reverses_entry_id = e.id
    where ${filter}
    order by ${order}
    limit ${q.limit} offset ${pageOffset(q)}`);
  const lines = new Map<string, JournalEntry['lines']>();
  if (rows.length > 0) {
    const { rows: lineRows } = await tx.execute<{ entry_id: string; key: JournalEntry['lines'][number]['accountKey']; code: string; debit: string; credit: string }>(sql`
      select l.entry_id, a.key, a.code, l.debit::text, l.credit::text
      from journal_lines l join accounts a on a.id = l.account_id
      where l.entry_id in (${sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `)})
      order by l.entry_id, (l.debit = 0), a.code`);
    for (const l of lineRows) {
      const list = lines.get(l.entry_id) ?? [];
      list.push({ accountKey: l.key, accountCode: l.code, debit: exactTotal(l.debit), credit: exactTotal(l.credit) });
      lines.set(l.entry_id, list);
    }
  }
  return listPage(q, {
    // The page is read above (its lines need its ids).
    rows: async () => rows,
    toItem: (r): JournalEntry => {
      const entryLines = lines.get(r.id) ?? [];
      return {
        _id: r.id,
        date: r.date,
        currency: r.currency,
        memo: r.memo,
        memoCode: memoCodeOf(r.memo_key, r.memo_params),
        sourceType: r.source_type,
        sourceId: r.source_id,
        reference: r.reference,
        postedBy: r.posted_by ? { _id: r.posted_by, name: r.posted_by_name ?? '' } : null,
        reversesEntryId: r.reverses_entry_id,
        reversedByEntryId: r.reversed_by,
        total: exactTotal(entryLines.reduce((sum, l) => sum + BigInt(l.debit), 0n)),
        lines: entryLines,
        createdAt: isoInstant(r.created_at),
      };
    },
    count: async () => {
      const { rows: counted } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from journal_entries e where ${filter}`);
      return counted[0].n;
    },
  });
}

/**
 * Other income (`POST /budget/income`): a numbered receipt (`RCT-2026-0001`) and one entry, the
 * money account of the payment method ← other income, in one transaction.
 */
export async function recordOtherIncome(tx: Tx, input: OtherIncomeInput, memberId: string | null): Promise<OtherIncome> {
  await assertBooksOpen(tx, input.date);
  const id = crypto.randomUUID();
  const currency = await orgCurrency(tx);
  // The number last: its series row stays locked until this transaction ends.
  const number = await nextNumber(tx, 'receipt', input.date);
  const entry = await postEntry(tx, {
    date: input.date,
    source: { type: 'other-income', id, reference: number },
    memo: input.description,
    postedBy: memberId,
    lines: [
      { account: moneyAccount(input.paymentMethod), debit: input.amount },
      { account: 'other-income', credit: input.amount },
    ],
  });
  const { rows } = await tx.execute<{ created_at: string }>(sql`
    insert into other_incomes (id, number, date, amount, currency, payment_method, description, entry_id, created_by)
    values (${id}, ${number}, ${input.date}, ${input.amount}, ${currency}, ${input.paymentMethod}, ${input.description}, ${entry.id}, ${memberId})
    returning created_at`);
  return {
    _id: id,
    number,
    date: input.date,
    amount: input.amount,
    currency,
    paymentMethod: input.paymentMethod,
    description: input.description,
    entryId: entry.id,
    createdAt: isoInstant(rows[0].created_at),
  };
}

/** The opening balances in force: the last opening-balance entry not reversed, or null. */
export async function openingBalances(tx: Tx): Promise<OpeningBalances | null> {
  const { rows } = await tx.execute<{ id: string; date: string; currency: string }>(sql`
    select e.id, e.date::text as date, e.currency from journal_entries e
    where e.organization_id = ${currentOrg} and e.source_type = 'opening-balance' and e.reverses_entry_id is null
      and not exists (select 1 from journal_entries r where r.reverses_entry_id = e.id)
    order by e.created_at desc limit 1`);
  const [entry] = rows;
  if (!entry) return null;
  const { rows: lines } = await tx.execute<{ payment_method: PaymentMethod; debit: string }>(sql`
    select a.payment_method, l.debit::text from journal_lines l join accounts a on a.id = l.account_id
    where l.entry_id = ${entry.id} and a.payment_method is not null order by a.code`);
  return { entryId: entry.id, date: entry.date, currency: entry.currency, balances: lines.map((l) => ({ paymentMethod: l.payment_method, amount: readInteger(l.debit) })) };
}

/**
 * The money each account held when the organization started: one entry, money accounts ←
 * opening-balance equity. Once: while an opening-balance entry stands (not reversed), another is
 * refused with 409. The opening-balance account row is locked meanwhile, so two at once queue and
 * the second sees the first.
 */
export async function recordOpeningBalances(tx: Tx, input: OpeningBalancesInput, memberId: string | null): Promise<OpeningBalances> {
  await assertBooksOpen(tx, input.date);
  await tx.execute(sql`select 1 from accounts where organization_id = ${currentOrg} and key = 'opening-balance' for update`);
  if (await openingBalances(tx)) {
    throw conflict('Opening balances are already recorded; reverse their entry in the journal to record them again', 'OPENING_BALANCES_RECORDED');
  }
  const given = input.balances.filter((b) => b.amount > 0);
  const total = given.reduce((sum, b) => sum + b.amount, 0);
  const lines: LineInput[] = [...given.map((b) => ({ account: moneyAccount(b.paymentMethod), debit: b.amount })), { account: 'opening-balance', credit: total }];
  await postEntry(tx, { date: input.date, source: { type: 'opening-balance' }, memo: null, postedBy: memberId, lines });
  return (await openingBalances(tx))!;
}

/** One other income, as its receipt shows it. */
export async function otherIncomeById(tx: Tx, id: string): Promise<OtherIncome> {
  const { rows } = await tx.execute<{ id: string; number: string; date: string; amount: string; currency: string; payment_method: PaymentMethod; description: string; entry_id: string; created_at: string }>(sql`
    select id, number, date::text as date, amount::text, currency, payment_method, description, entry_id, created_at
    from other_incomes where id = ${id}`);
  const r = rows[0];
  if (!r) throw notFound('Income');
  return {
    _id: r.id,
    number: r.number,
    date: r.date,
    amount: readInteger(r.amount),
    currency: r.currency,
    paymentMethod: r.payment_method,
    description: r.description,
    entryId: r.entry_id,
    createdAt: isoInstant(r.created_at),
  };
}
