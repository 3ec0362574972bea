import { sql } from 'drizzle-orm';
import { CHART_OF_ACCOUNTS, type AccountKey } from '../../src/api/finance/contract';
import type { JournalExportQuery } from '../../src/api/finance/statement/contract';
import { currencyDigits, minorToDecimal } from '../../src/domain/money';
import type { Tx } from '../db/client';
import type { DocumentStrings } from '../documents';
import { csvText } from '../http/csv';

/**
 * The journal as an accountant's own tools read it (issue 28): hledger and beancount text that
 * `hledger check` and `bean-check` accept unchanged, with the product's balances, and CSV safe to
 * open in a spreadsheet. Every entry, reversals included, in date order; amounts exact.
 */

const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

interface LineRow extends Record<string, unknown> {
  entry_id: string;
  date: string;
  reference: string | null;
  memo: string | null;
  source_type: string;
  reverses: string | null;
  key: AccountKey;
  debit: string;
  credit: string;
  currency: string;
}

const ROOT: Record<string, string> = { asset: 'assets', liability: 'liabilities', equity: 'equity', income: 'income', expense: 'expenses' };
const TYPE_OF = new Map(CHART_OF_ACCOUNTS.map((a) => [a.key as string, a.type as string]));

/** `money:bank-transfer` → `assets:money:bank-transfer` (hledger's names: the account type, then the key's levels). */
const hledgerName = (key: string) => `${ROOT[TYPE_OF.get(key)!]}:${key}`;

/** beancount's names: capitalised components of letters, digits and dashes (`Assets:Money:Bank-Transfer`). */
const beanName = (key: string) =>
  hledgerName(key)
    .split(':')
    .map((part) => part.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`))
    .join(':');

/** A payee or narration on one line, without the characters the formats give meaning to. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f"\\;|]+/g, ' ').trim();

async function journalLines(tx: Tx, q: JournalExportQuery): Promise<LineRow[]> {
  const { rows } = await tx.execute<LineRow>(sql`
    select e.id as entry_id, e.date::text as date, e.reference, e.memo, e.source_type, e.reverses_entry_id as reverses,
           a.key, l.debit::text as debit, l.credit::text as credit, l.currency
    from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
    where e.organization_id = ${currentOrg}
      ${q.from ? sql`and e.date >= ${q.from}::date` : sql``}
      ${q.to ? sql`and e.date <= ${q.to}::date` : sql``}
    order by e.date, e.created_at, e.id, (l.debit = 0), a.code`);
  return rows;
}

function byEntry(rows: LineRow[]): LineRow[][] {
  const entries: LineRow[][] = [];
  for (const r of rows) {
    const last = entries[entries.length - 1];
    if (last && last[0].entry_id === r.entry_id) last.push(r);
    else entries.push([r]);
  }
  return entries;
}

const signed = (r: LineRow) => Number(r.debit) - Number(r.credit);

/** `words`: the CSV's headers in the reader's language (hledger and beancount have none). */
export async function exportJournal(tx: Tx, q: JournalExportQuery, words: DocumentStrings['csv']): Promise<{ text: string; contentType: string; extension: string }> {
  const rows = await journalLines(tx, q);
  const { rows: org } = await tx.execute<{ currency: string; name: string }>(sql`select currency, name from organizations where id = ${currentOrg}`);
  const currency = org[0].currency;
  const digits = currencyDigits(currency);
  const amount = (minor: number) => `${minorToDecimal(minor, digits)} ${currency}`;
  const entries = byEntry(rows);

  if (q.format === 'csv') {
    const w = words.journal;
    const header = [w.date, w.entry, w.reference, w.source, w.memo, w.account, w.debit, w.credit, words.currency];
    const lines = rows.map((r) => [r.date, r.entry_id, r.reference ?? '', r.source_type, r.memo ?? '', r.key, minorToDecimal(Number(r.debit), digits), minorToDecimal(Number(r.credit), digits), r.currency]);
    return { text: csvText([header, ...lines]), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  }

  if (q.format === 'beancount') {
    const used = [...new Set(rows.map((r) => r.key))].sort();
    const first = rows[0]?.date ?? '1970-01-01';
    const out = [`option "title" "${oneLine(org[0].name)}"`, `option "operating_currency" "${currency}"`, ''];
    for (const key of used) out.push(`${first} open ${beanName(key)} ${currency}`);
    out.push('');
    for (const lines of entries) {
      const [e] = lines;
      const narration = oneLine([e.reference, e.memo].filter(Boolean).join(' ') || e.source_type);
      out.push(`${e.date} * "${narration}"`, `  entry: "${e.entry_id}"`, `  source: "${e.source_type}"`);
      for (const l of lines) out.push(`  ${beanName(l.key)}  ${amount(signed(l))}`);
      out.push('');
    }
    return { text: out.join('\n'), contentType: 'text/plain; charset=utf-8', extension: 'beancount' };
  }

  // The commodity's display: its decimal digits, so the report prints amounts as the product does.
  const out = [`; ${oneLine(org[0].name)}: the journal, ${q.from ?? 'from the start'} to ${q.to ?? 'today'}`, `commodity ${amount(1_000 * 10 ** digits)}`, ''];
  for (const lines of entries) {
    const [e] = lines;
    // hledger reads `payee | note`: the document's number, then the memo.
    const description = [e.reference, e.memo].filter((x): x is string => !!x).map(oneLine).join(' | ') || e.source_type;
    out.push(`${e.date} ${description}  ; entry:${e.entry_id}, source:${e.source_type}`);
    for (const l of lines) out.push(`    ${hledgerName(l.key)}    ${amount(signed(l))}`);
    out.push('');
  }
  return { text: out.join('\n'), contentType: 'text/plain; charset=utf-8', extension: 'journal' };
}
