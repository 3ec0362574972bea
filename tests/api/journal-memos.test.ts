import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMemo, type MemoCode } from '../../src/api/finance/contract';
import type { Agent } from '../support/agent';
import { orgId } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * What the system writes on the books (issue 31): every journal entry and vendor transaction the
 * demo's workflows posted answers its memo's key and values beside the English text, so a screen
 * says it in the reader's language; the key and values write exactly the text the books keep; and
 * migration 0038's backfill gives the entries posted before it the same keys back.
 */
let s: TestServer;
let owner: Agent;
let demoOrg: string;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  demoOrg = await orgId(s);
});
afterAll(() => s?.close());

/** Sources whose entries the system describes (the others carry a person's words, or nothing). */
const SYSTEM_SOURCES = ['booking-payment', 'revenue-recognition', 'cancellation', 'refund', 'salary', 'voucher-payment', 'expense-payment', 'vendor-refund'];

interface Entry {
  _id: string;
  memo: string | null;
  memoCode: MemoCode;
  sourceType: string;
  reversesEntryId: string | null;
}

async function allEntries(): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await owner.get(`/api/account/journal?limit=100&page=${page}`);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    if (page >= res.body.meta.totalPages) return out;
  }
}

describe('system memos', () => {
  it('answer their key and values on every entry a workflow posted, and the key writes the text kept', async () => {
    const entries = await allEntries();
    const described = entries.filter((e) => SYSTEM_SOURCES.includes(e.sourceType) && !e.reversesEntryId);
    // The demo pays, verifies, completes, cancels, refunds and pays vendors and salaries.
    expect(new Set(described.map((e) => e.sourceType)).size).toBeGreaterThanOrEqual(6);
    for (const e of described) {
      expect(e.memoCode, `${e.sourceType} "${e.memo}"`).not.toBeNull();
      expect(systemMemo(e.memoCode!.key, e.memoCode!.params).text).toBe(e.memo);
    }
    // A person's words stay theirs: other income is described by whoever recorded it.
    const income = entries.filter((e) => e.sourceType === 'other-income');
    expect(income.length).toBeGreaterThan(0);
    for (const e of income) expect(e.memoCode).toBeNull();
  });

  it('reach the statement and the vendor transactions the same way', async () => {
    const [{ month }] = await s.sql<{ month: string }>(
      `select to_char(max(date), 'YYYY-MM') as month from journal_entries where organization_id = $1 and source_type = 'voucher-payment'`,
      [demoOrg],
    );
    const statement = await owner.get(`/api/account/statement?month=${month}&limit=50`);
    expect(statement.status).toBe(200);
    const voucherRows = statement.body.transactions.filter((m: { linkedTo: { type: string } }) => m.linkedTo.type === 'voucher-payment');
    expect(voucherRows.length).toBeGreaterThan(0);
    for (const m of voucherRows) {
      expect(m.descriptionCode.key).toBe('voucherPayment');
      expect(systemMemo(m.descriptionCode.key, m.descriptionCode.params).text).toBe(m.description);
    }

    const [{ vendor_id }] = await s.sql<{ vendor_id: string }>(
      `select vendor_id from vendor_transactions where organization_id = $1 and linked_type = 'voucher-payment' limit 1`,
      [demoOrg],
    );
    const txns = await owner.get(`/api/vendors/${vendor_id}/transactions`);
    expect(txns.status).toBe(200);
    const paid = txns.body.data.filter((x: { linkedType: string }) => x.linkedType === 'voucher-payment');
    expect(paid.length).toBeGreaterThan(0);
    for (const x of paid) expect(systemMemo(x.descriptionCode.key, x.descriptionCode.params).text).toBe(x.description);
  });

  it('are given back to entries posted before the keys by the migration, exactly as the code writes them', async () => {
    const snapshot = `select id, memo_key, memo_params from journal_entries where memo is not null
                      union all select id, description_key, description_params from vendor_transactions where description is not null
                      order by id`;
    const before = await s.sql(snapshot);
    expect(before.filter((r) => r.memo_key).length).toBeGreaterThan(10);
    // The entries as the previous version left them: no keys.
    await s.sql(`alter table journal_entries disable trigger journal_entries_immutable`);
    await s.sql(`alter table vendor_transactions disable trigger vendor_transactions_immutable`);
    await s.sql(`update journal_entries set memo_key = null, memo_params = null`);
    await s.sql(`update vendor_transactions set description_key = null, description_params = null`);
    // The migration's statements after its columns (the backfill, its triggers off and on again).
    const file = fs.readFileSync(path.resolve('server/db/migrations/0038_memo_keys.sql'), 'utf8');
    const statements = file.split('--> statement-breakpoint').map((x) => x.trim()).filter((x) => !/^ALTER TABLE "/.test(x) && x.length > 0);
    expect(statements.some((x) => /UPDATE journal_entries/.test(x))).toBe(true);
    for (const statement of statements) await s.sql(statement);
    expect(await s.sql(snapshot)).toEqual(before);
  });
});
