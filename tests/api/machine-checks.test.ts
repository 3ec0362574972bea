import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMachineSnapshot, type AnyStateMachine } from 'xstate';
import { paymentMachine } from '../../src/machines/payment-machine';
import { vendorMachine } from '../../src/machines/vendor-machine';
import { voucherMachine } from '../../src/machines/voucher-machine';
import { cancellationMachine } from '../../src/machines/cancellation-machine';
import { refundMachine } from '../../src/machines/refund-machine';
import { creditNoteMachine } from '../../src/machines/credit-note-machine';
import { restingStates, transitionsOf } from '../../src/machines/workflow';
import { stateCheckSql, transitionFunctionSql } from '../../server/db/state-check';
import { startTestServer, type TestServer } from '../support/server';
import { CLIENT_ONLY, STORED } from '../support/stored-machines';

/**
 * The database's copies of the machines' rules agree with the machines (ARCHITECTURE "A workflow
 * rule is written once, in its machine"): read from a migrated database (`pg_constraint`,
 * `pg_get_constraintdef`, the generated transition functions), never from the migration files, so a
 * machine that gains, loses or renames a state fails here until a migration follows it
 * (server/db/state-check.ts writes it).
 */

/** The database functions generated from a machine's transitions, and the trigger that calls each. */
const TRANSITION_FUNCTIONS: { machine: AnyStateMachine; name: string; table: string; column: string }[] = [
  { machine: paymentMachine, name: 'booking_payment_transition', table: 'booking_payments', column: 'status' },
];

/**
 * Functions of the migrations that compare a record's state with a name (`status = 'void'`): each
 * name must be a state of that record's machine. What they compute from the states is listed in
 * docs/database-rules.md.
 */
const FUNCTIONS_NAMING_STATES: { name: string; machine: AnyStateMachine }[] = [
  { name: 'vendor_stats_track', machine: vendorMachine },
  { name: 'payment_allocated', machine: paymentMachine },
  { name: 'operation_payment_apply', machine: voucherMachine },
  { name: 'operation_refresh', machine: voucherMachine },
  { name: 'voucher_cost_fixed', machine: voucherMachine },
  { name: 'credit_note_redemption_apply', machine: creditNoteMachine },
  { name: 'refund_guard', machine: refundMachine },
  { name: 'booking_cancellation_guard', machine: cancellationMachine },
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

interface Check {
  name: string;
  definition: string;
  /** The columns the constraint reads. */
  columns: string[];
}

async function checksOf(table: string): Promise<Check[]> {
  return s.sql<Check>(
    `select c.conname as name, pg_get_constraintdef(c.oid) as definition,
            array(select a.attname::text from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k order by 1) as columns
       from pg_constraint c
      where c.contype = 'c' and c.conrelid = $1::regclass
      order by c.conname`,
    [`public.${table}`],
  );
}

/** The values `column in (…)` allows in a CHECK as PostgreSQL shows it: `(status = ANY (ARRAY['a'::text, 'b'::text]))`. */
function allowedValues(definition: string, column: string): string[] | undefined {
  const match = new RegExp(`^CHECK \\(\\(${column} = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`).exec(definition);
  return match ? [...match[1].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1].replaceAll("''", "'")) : undefined;
}

/** Every value a CHECK compares `column` with (`status = 'sent'`, `status <> ALL (ARRAY['confirmed'::text, …])`). */
function namedValues(definition: string, column: string): string[] {
  const out: string[] = [];
  for (const m of definition.matchAll(new RegExp(`\\b${column}\\s*(?:=|<>)\\s*(?:(?:ANY|ALL)\\s*\\(ARRAY\\[([^\\]]*)\\]\\)|'((?:[^']|'')*)'::text)`, 'g'))) {
    if (m[2] !== undefined) out.push(m[2]);
    else out.push(...[...m[1].matchAll(/'((?:[^']|'')*)'::text/g)].map((x) => x[1]));
  }
  return out;
}

describe('every machine a table stores', () => {
  it('is listed here, with its column (a new machine fails until it is)', async () => {
    const dir = path.resolve('src/machines');
    const ids: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('-machine.ts'))) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        if (value && typeof value === 'object' && 'root' in value && 'resolveState' in value && !isMachineSnapshot(value)) ids.push((value as AnyStateMachine).id);
      }
    }
    expect(ids.sort()).toEqual([...STORED.map((x) => x.machine.id), ...CLIENT_ONLY].sort());
  });

  it.each(STORED.map((x) => [x.machine.id, x] as const))('%s: its column’s CHECK allows exactly the states it rests in', async (_id, { machine, table, column }) => {
    const states = restingStates(machine).map((r) => r.state);
    const lists = (await checksOf(table)).filter((c) => c.columns.length === 1 && c.columns[0] === column).map((c) => ({ name: c.name, values: allowedValues(c.definition, column) }));
    const [check, ...more] = lists.filter((l) => l.values);
    expect(check, `${table}.${column} has no CHECK listing its states; add stateCheck(t.${column}, ${machine.id}Machine) to its table and generate a migration`).toBeDefined();
    expect(more, `${table}.${column} has more than one list of states`).toEqual([]);
    expect(check.name).toBe(`${table}_${column}_ck`);
    expect(new Set(check.values), `${check.name} and the ${machine.id} machine disagree`).toEqual(new Set(states));
  });

  it.each(STORED.map((x) => [x.machine.id, x] as const))('%s: every state its table’s other CHECKs name is one of its states', async (_id, { machine, table, column }) => {
    const states = new Set(restingStates(machine).map((r) => r.state));
    for (const c of await checksOf(table)) {
      if (!c.columns.includes(column)) continue;
      for (const value of namedValues(c.definition, column)) expect(states.has(value), `${c.name} names "${value}", which is not a state of the ${machine.id} machine`).toBe(true);
    }
  });
});

describe('transitions the database repeats', () => {
  it.each(TRANSITION_FUNCTIONS.map((x) => [x.name, x] as const))('%s allows exactly the machine’s changes of state', async (name, { machine }) => {
    const states = [...restingStates(machine).map((r) => r.state), 'unknown'];
    const allowed = new Set(transitionsOf(machine).map((t) => `${t.from} → ${t.to}`));
    const pairs = states.flatMap((from) => states.map((to) => [from, to] as const));
    const rows = await s.sql<{ from: string; to: string; ok: boolean }>(
      `select p.f as from, p.t as to, ${name}(p.f, p.t) as ok from unnest($1::text[], $2::text[]) as p(f, t)`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    expect(rows.filter((r) => r.ok).map((r) => `${r.from} → ${r.to}`).sort()).toEqual([...allowed].sort());
  });

  it.each(TRANSITION_FUNCTIONS.map((x) => [x.name, x] as const))('%s is what transitionFunctionSql writes today', async (name, { machine }) => {
    const [live] = await s.sql<{ body: string }>(`select prosrc as body from pg_proc where proname = $1`, [name]);
    const generated = /\$\$(.*)\$\$/s.exec(transitionFunctionSql(name, machine))![1];
    expect(live.body.trim()).toBe(generated.trim());
  });

  it.each(TRANSITION_FUNCTIONS.map((x) => [x.name, x] as const))('%s is what its table’s trigger asks, and no state is typed there', async (name, { machine, table }) => {
    const guards = await s.sql<{ body: string }>(
      `select p.prosrc as body from pg_trigger t join pg_proc p on p.oid = t.tgfoid where t.tgrelid = $1::regclass and not t.tgisinternal and p.prosrc like '%' || $2 || '(%'`,
      [`public.${table}`, name],
    );
    expect(guards).toHaveLength(1);
    const states = restingStates(machine).map((r) => r.state);
    expect(guards[0].body).not.toMatch(new RegExp(`'(${states.join('|')})'`));
  });
});

describe('states the database’s functions name', () => {
  it.each(FUNCTIONS_NAMING_STATES.map((x) => [x.name, x] as const))('%s names only states of its machine', async (name, { machine }) => {
    const [fn] = await s.sql<{ body: string }>(`select prosrc as body from pg_proc where proname = $1`, [name]);
    expect(fn, `${name} is not in the database`).toBeDefined();
    const named = [...fn.body.matchAll(/\b(?:\w*status|state)\s*(?:=|<>)\s*'([^']*)'/g)].map((m) => m[1]);
    expect(named.length, `${name} names no state any more: take it off the list`).toBeGreaterThan(0);
    const states = new Set(restingStates(machine).map((r) => r.state));
    for (const state of named) expect(states.has(state), `${name} names "${state}", which is not a state of the ${machine.id} machine`).toBe(true);
  });
});

describe('the helpers', () => {
  it('write a CHECK and a transition function from a machine', () => {
    expect(stateCheckSql('vouchers', voucherMachine)).toBe(`ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_status_ck" CHECK ("vouchers"."status" in ('draft', 'confirmed', 'sent', 'void'));`);
    expect(transitionFunctionSql('booking_payment_transition', paymentMachine)).toContain(`SELECT (from_state, to_state) IN (('submitted', 'verified'), ('submitted', 'failed'))`);
    // A vendor's start only chooses: it is never stored, so neither CHECK nor transitions name it.
    expect(stateCheckSql('vendors', vendorMachine)).toContain(`in ('active', 'inactive')`);
    expect(transitionsOf(vendorMachine).map((t) => `${t.from} → ${t.to}`)).toEqual(['active → inactive', 'inactive → active']);
  });
});
