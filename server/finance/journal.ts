import { sql } from 'drizzle-orm';
import { CHART_OF_ACCOUNTS, type AccountKey, memoColumns, type SourceType, type SystemMemo } from '../../src/api/finance/contract';
import { isBalanced } from '../../src/domain/money';
import type { Tx } from '../db/client';
import { conflict, invalidField, notFound } from '../http/errors';
import { bigTotal, exactTotal } from '../http/totals';

/**
 * The only code that posts journal entries (ARCHITECTURE "Money has one kit"). An area describes a
 * movement in accounts named by key, and this writes it as one balanced entry in the calling
 * transaction, so the movement and the area's own record commit or roll back together. The
 * database checks again at commit (0008_finance_rules.sql): an unbalanced or one-line entry, or
 * any change to a posted one, cannot commit whoever writes it.
 *
 * Runs in a tenant transaction (`app.org_id` set): the entry is the current organization's, in its
 * currency.
 */

/** The transaction's organization, as the tenant tables' default reads it. */
const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

/** One line: an account by key and an amount on exactly one side, in minor units. */
export type LineInput = { account: AccountKey } & ({ debit: number; credit?: 0 } | { credit: number; debit?: 0 });

export interface EntryInput {
  /** The calendar date the money moved (`YYYY-MM-DD`). */
  date: string;
  /** The record the movement comes from. `reference` is its number as people say it (`RCT-2026-0001`). */
  source: { type: SourceType; id?: string | null; reference?: string | null };
  /** A person's words, or what the system says (`systemMemo`: kept with its key for the reader's language). */
  memo?: string | SystemMemo | null;
  /** The member posting it; null or absent for the system (seed, jobs). */
  postedBy?: string | null;
  lines: LineInput[];
}

const KNOWN_KEYS = new Set<string>(CHART_OF_ACCOUNTS.map((a) => a.key));

function assertPostable(input: EntryInput) {
  const postings = input.lines.map((l) => ({ debit: l.debit ?? 0, credit: l.credit ?? 0 }));
  if (!isBalanced(postings)) throw new Error(`journal: unbalanced entry for ${input.source.type}: ${JSON.stringify(input.lines)}`);
  for (const l of input.lines) if (!KNOWN_KEYS.has(l.account)) throw new Error(`journal: no account ${l.account}`);
}

/** Posts one entry; answers its id. One round trip: the entry and its lines in one statement. */
export async function postEntry(tx: Tx, input: EntryInput): Promise<{ id: string }> {
  assertPostable(input);
  return insertEntry(tx, input, null);
}

async function insertEntry(tx: Tx, input: EntryInput, reverses: string | null): Promise<{ id: string }> {
  const values = sql.join(
    input.lines.map((l, i) => sql`(${i}::int, ${l.account}::text, ${l.debit ?? 0}::bigint, ${l.credit ?? 0}::bigint)`),
    sql`, `,
  );
  const memo = memoColumns(input.memo);
  const { rows } = await tx.execute<{ id: string | null; lines: number }>(sql`
    with org as (select id, currency from organizations where id = ${currentOrg}),
    entry as (
      insert into journal_entries (organization_id, date, currency, memo, memo_key, memo_params, source_type, source_id, reference, posted_by, reverses_entry_id)
      select org.id, ${input.date}::date, org.currency, ${memo.text}, ${memo.key}, ${memo.params && JSON.stringify(memo.params)}::jsonb, ${input.source.type}, ${input.source.id ?? null}::uuid,
             ${input.source.reference ?? null}, ${input.postedBy ?? null}::uuid, ${reverses}::uuid
      from org
      returning id, organization_id, currency),
    lines as (
      insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency)
      select e.organization_id, e.id, a.id, v.debit, v.credit, e.currency
      from entry e
      cross join (values ${values}) as v(n, key, debit, credit)
      join accounts a on a.organization_id = e.organization_id and a.key = v.key
      order by v.n
      returning 1)
    select (select id from entry) as id, (select count(*)::int from lines) as lines`);
  const [row] = rows;
  if (!row?.id) throw new Error('journal: postEntry needs a tenant transaction (app.org_id is not set)');
  if (row.lines !== input.lines.length) throw new Error(`journal: the organization lacks an account of ${input.lines.map((l) => l.account).join(', ')}`);
  return { id: row.id };
}

/**
 * Undoes an entry with a new one: the same accounts, debits and credits swapped, linked to the
 * original. Once per entry (the database's unique index stands behind the check here), and never
 * of a reversal. The original is locked so two reversals at once queue, and the second gets 409.
 */
export async function reverseEntry(
  tx: Tx,
  entryId: string,
  options: {
    date: string;
    memo?: string | SystemMemo | null;
    postedBy?: string | null;
    allowedSources?: readonly SourceType[];
    /** The dates money may take (server/finance/dates.ts), checked once the entry is known to be there. */
    within?: (date: string) => Promise<void>;
  },
): Promise<{ id: string }> {
  const { rows } = await tx.execute<{ date: string; source_type: SourceType; source_id: string | null; reference: string | null; reverses_entry_id: string | null }>(sql`
    select date::text as date, source_type, source_id, reference, reverses_entry_id
    from journal_entries where id = ${entryId} and organization_id = ${currentOrg}
    for update`);
  const [original] = rows;
  if (!original) throw notFound('Journal entry');
  if (options.allowedSources && !options.allowedSources.includes(original.source_type)) {
    throw conflict(`An entry from ${original.source_type} is reversed through its own record, not by hand`, 'NOT_REVERSIBLE_BY_HAND');
  }
  if (original.reverses_entry_id) throw conflict('This entry is a reversal; it cannot be reversed again', 'REVERSAL_OF_REVERSAL');
  // A reversal undoes what happened: it cannot be dated before it happened.
  if (options.date < original.date) throw invalidField('date', 'dateOrder', `must not be before the entry it reverses (${original.date})`, { after: 'entry', date: original.date });
  await options.within?.(options.date);
  // A statement after the lock: it sees a reversal committed while this one waited.
  const { rows: reversal } = await tx.execute(sql`select 1 from journal_entries where reverses_entry_id = ${entryId}`);
  if (reversal.length > 0) throw conflict('This entry has already been reversed', 'ALREADY_REVERSED');
  const { rows: lines } = await tx.execute<{ key: AccountKey; debit: string; credit: string }>(sql`
    select a.key, l.debit, l.credit from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.id`);
  return insertEntry(
    tx,
    {
      date: options.date,
      source: { type: original.source_type, id: original.source_id, reference: original.reference },
      memo: options.memo ?? null,
      postedBy: options.postedBy ?? null,
      lines: lines.map((l) => (exactTotal(l.debit) > 0 ? { account: l.key, credit: exactTotal(l.debit) } : { account: l.key, debit: exactTotal(l.credit) })),
    },
    entryId,
  );
}

export interface AccountBalance {
  id: string;
  key: AccountKey;
  code: string;
  type: (typeof CHART_OF_ACCOUNTS)[number]['type'];
  normalSide: 'debit' | 'credit';
  paymentMethod: (typeof CHART_OF_ACCOUNTS)[number]['paymentMethod'];
  totalDebit: number;
  totalCredit: number;
  /** On the account's normal side: debits − credits for assets and expenses, credits − debits otherwise. */
  balance: number;
}

/** Every account of the organization with its totals, by code; `asOf` counts entries dated up to that day. */
export async function accountBalances(tx: Tx, options: { asOf?: string } = {}): Promise<AccountBalance[]> {
  const dated = options.asOf ? sql`and e.date <= ${options.asOf}::date` : sql``;
  const { rows } = await tx.execute<{
    id: string;
    key: AccountKey;
    code: string;
    type: AccountBalance['type'];
    normal_side: 'debit' | 'credit';
    payment_method: AccountBalance['paymentMethod'];
    debit: string;
    credit: string;
  }>(sql`
    select a.id, a.key, a.code, a.type, a.normal_side, a.payment_method,
           coalesce(t.debit, 0)::text as debit, coalesce(t.credit, 0)::text as credit
    from accounts a
    left join (
      select l.account_id, sum(l.debit) as debit, sum(l.credit) as credit
      from journal_lines l ${options.asOf ? sql`join journal_entries e on e.id = l.entry_id` : sql``}
      where l.organization_id = ${currentOrg} ${dated}
      group by l.account_id) t on t.account_id = a.id
    where a.organization_id = ${currentOrg}
    order by a.code`);
  return rows.map((r) => {
    const [debit, credit] = [bigTotal(r.debit), bigTotal(r.credit)];
    return {
      id: r.id,
      key: r.key,
      code: r.code,
      type: r.type,
      normalSide: r.normal_side,
      paymentMethod: r.payment_method,
      totalDebit: exactTotal(debit),
      totalCredit: exactTotal(credit),
      balance: exactTotal(r.normal_side === 'debit' ? debit - credit : credit - debit),
    };
  });
}
