import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import { money, moneySql, readInteger } from '../../server/db/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Money read from PostgreSQL (server/db/money.ts): the `money()` column and `moneySql` read what the
 * driver answers (a bigint's text, a `sum`'s numeric text) exactly, and refuse what JavaScript
 * cannot hold exactly instead of rounding it, as `float8` or a bare `Number()` did.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ledger = pgTable('money_check', { name: text('name').notNull(), amount: money('amount').notNull() });

/** Runs `fn` against a table of its own, in a transaction that is rolled back. */
async function withLedger(rows: [string, string][], fn: (tx: Tx) => Promise<void>) {
  await s.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`create temporary table money_check (name text not null, amount bigint not null) on commit drop`);
      for (const [name, amount] of rows) await tx.execute(sql`insert into money_check values (${name}, ${amount}::bigint)`);
      await fn(tx);
      throw new RollBack();
    })
    .catch((e) => {
      if (!(e instanceof RollBack)) throw e;
    });
}
class RollBack extends Error {}

describe('money read from SQL', () => {
  it('arrives as text from the driver (bigint, and sum(bigint) as numeric), and is read exactly', async () => {
    await withLedger(
      [
        ['max', String(Number.MAX_SAFE_INTEGER)],
        ['min', String(-Number.MAX_SAFE_INTEGER + 1)],
      ],
      async (tx) => {
        const { rows } = await tx.execute<{ amount: unknown; total: unknown }>(sql`select (select amount from money_check where name = 'max') as amount, (select sum(amount) from money_check) as total`);
        expect(typeof rows[0].amount).toBe('string');
        expect(typeof rows[0].total).toBe('string');
        const read = await tx.select({ name: ledger.name, amount: ledger.amount }).from(ledger).orderBy(ledger.name);
        expect(read).toEqual([
          { name: 'max', amount: Number.MAX_SAFE_INTEGER },
          { name: 'min', amount: -Number.MAX_SAFE_INTEGER + 1 },
        ]);
        const [sum] = await tx.select({ total: moneySql(sql`coalesce(sum(${ledger.amount}), 0)`) }).from(ledger);
        expect(sum.total).toBe(1);
      },
    );
  });

  it('refuses a sum or a value beyond 2^53 − 1 instead of rounding it', async () => {
    await withLedger(
      [
        ['a', '4503599627370497'],
        ['b', '4503599627370497'],
        ['c', '1'],
      ],
      async (tx) => {
        // 9 007 199 254 740 995: float8 and Number() would answer 9 007 199 254 740 996.
        await expect(tx.select({ total: moneySql(sql`sum(${ledger.amount})`) }).from(ledger)).rejects.toThrow(RangeError);
        await tx.execute(sql`update money_check set amount = 9007199254740993 where name = 'c'`);
        await expect(tx.select({ amount: ledger.amount }).from(ledger).where(sql`${ledger.name} = 'c'`)).rejects.toThrow(RangeError);
      },
    );
  });

  it('writes only safe whole numbers of minor units', async () => {
    await withLedger([], async (tx) => {
      await expect(tx.insert(ledger).values({ name: 'x', amount: 12.5 })).rejects.toThrow(RangeError);
      await expect(tx.insert(ledger).values({ name: 'x', amount: Number.MAX_SAFE_INTEGER + 2 })).rejects.toThrow(RangeError);
      await tx.insert(ledger).values({ name: 'x', amount: 1999 });
      expect(await tx.select({ amount: ledger.amount }).from(ledger)).toEqual([{ amount: 1999 }]);
    });
  });

  it('reads every form the driver may give, and nothing else', () => {
    expect(readInteger('0')).toBe(0);
    expect(readInteger('-42')).toBe(-42);
    expect(readInteger('0009007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(readInteger(42)).toBe(42);
    expect(readInteger(42n)).toBe(42);
    for (const bad of ['9007199254740992', '12.50', '1e3', '', ' 1', null, undefined, 12.5, Number.NaN, 2n ** 53n]) expect(() => readInteger(bad), String(bad)).toThrow(RangeError);
  });
});
