import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { transition, type AnyStateMachine, type ContextFrom, type EventFromLogic, type StateMachine, type StateValue } from 'xstate';
import { decodeState, defaultRefusal, encodeState, snapshotOf, type SnapshotOf } from '../../src/machines/workflow';
import type { Tx } from '../db/client';
import { ApiError, notFound } from '../http/errors';

/**
 * The one way the server moves a record through its workflow (ARCHITECTURE "A workflow rule is
 * written once, in its machine"). Each workflow describes how its record is locked, where its
 * state is stored and which server effects its machine's named actions stand for; `applyEvent`
 * does the rest in the request's transaction:
 *
 *   lock the row → resolve the machine state → `snapshot.can(event)` or 409 → effects → store.
 */
/**
 * The names of a machine's named actions (`setup({ actions: { issueReceipt: … } })`): the keys its
 * workflow's `effects` may have, so an effect for an action the machine does not name is a type error.
 */
export type ActionNameOf<M extends AnyStateMachine> =
  M extends StateMachine<any, any, any, any, infer TAction, any, any, any, any, any, any, any, any, any, any> ? TAction['type'] : never;

/**
 * What `saveState` writes besides the state (a receipt number, a journal entry's id…): each effect
 * returns its part, `applyEventTo` gathers them in order and hands them to the next effects and to
 * `saveState`. `{}` for a workflow whose effects write their own rows.
 */
export type Saves = Record<string, unknown>;

export interface EffectArgs<M extends AnyStateMachine, Row, S extends Saves = Saves> {
  tx: Tx;
  row: Row;
  event: EventFromLogic<M>;
  from: SnapshotOf<M>;
  to: SnapshotOf<M>;
  /** The action's `params`, when the machine gives them. */
  params?: unknown;
  /** The member who asked (null: the system, or a caller that did not say). */
  actorId: string | null;
  /** What the transition's earlier effects returned for `saveState`, merged in order. */
  saved: Partial<S>;
}
/** A named action's server side; what it returns is merged into what `saveState` writes. */
export type Effect<M extends AnyStateMachine, Row, S extends Saves = Saves> = (args: EffectArgs<M, Row, S>) => Promise<Partial<S> | void>;

/** The server's implementations of a machine's named actions, keyed by the action's name. */
export type Effects<M extends AnyStateMachine, Row, S extends Saves = Saves> = { [A in ActionNameOf<M>]?: Effect<M, Row, S> };

export interface Workflow<M extends AnyStateMachine, Row, S extends Saves = Saves> {
  machine: M;
  /** The record in messages: `Vendor not found`. */
  recordName: string;
  /** Loads the record under a row lock (`FOR UPDATE`); undefined when it is not there (or not this organization's). */
  lock(tx: Tx, id: string): Promise<Row | undefined>;
  /** The machine state stored on the record. */
  stateOf(row: Row): StateValue;
  /** The context the machine's guards read, when they need the record's data (loaded in the same transaction). */
  contextOf?(tx: Tx, row: Row): ContextFrom<M> | Promise<ContextFrom<M>>;
  /** Stores the new state, with what the transition's effects returned (`saved`). */
  saveState(tx: Tx, row: Row, to: SnapshotOf<M>, event: EventFromLogic<M>, saved: Partial<S>): Promise<void>;
  /**
   * Server implementations of the machine's named actions, run in order, after the check and
   * before the state is stored. A named action without one is a programming error (500), so a
   * machine cannot gain an effect the server silently skips.
   */
  effects?: Effects<M, Row, S>;
  /** The 409 message (given the record's context, for guards that read it); by default `Event DEACTIVATE is not allowed in state inactive`. */
  refusal?(state: string, event: EventFromLogic<M>, context: ContextFrom<M>): string;
}

export interface Applied<M extends AnyStateMachine, Row> {
  row: Row;
  from: SnapshotOf<M>;
  to: SnapshotOf<M>;
}

export const TRANSITION_REFUSED = 'TRANSITION_NOT_ALLOWED';

/** Who asked for the event: effects that record it (a timeline line, `sent_by`) read it. */
export interface ApplyOptions {
  actorId?: string | null;
}

/**
 * Applies `event` to record `id`. `alsoDo` runs after the machine's own effects, in the same
 * transaction: the place for an endpoint's extra writes (for example other fields of the same PUT).
 * Any error rolls the whole request back, state included.
 */
/** What is applied to a record, after the record: the event, the endpoint's extra writes, who acts. */
type Applying<M extends AnyStateMachine, Row, S extends Saves> = [event: EventFromLogic<M>, alsoDo?: Effect<M, Row, S>, options?: ApplyOptions];

export async function applyEvent<M extends AnyStateMachine, Row, S extends Saves>(tx: Tx, workflow: Workflow<M, Row, S>, id: string, ...applying: Applying<M, Row, S>): Promise<Applied<M, Row>> {
  const row = await workflow.lock(tx, id);
  if (!row) throw notFound(workflow.recordName);
  return applyEventTo(tx, workflow, row, ...applying);
}

/** {@link applyEvent} on a record the caller has locked already (a route that first checked who may see it). */
export async function applyEventTo<M extends AnyStateMachine, Row, S extends Saves>(
  tx: Tx,
  workflow: Workflow<M, Row, S>,
  row: Row,
  ...[event, alsoDo, options = {}]: Applying<M, Row, S>
): Promise<Applied<M, Row>> {
  const actorId = options.actorId ?? null;
  const context = workflow.contextOf ? await workflow.contextOf(tx, row) : undefined;
  const from = snapshotOf(workflow.machine, workflow.stateOf(row), context);
  if (!from.can(event)) {
    const state = encodeState(from.value);
    const message = workflow.refusal ? workflow.refusal(state, event, from.context as ContextFrom<M>) : defaultRefusal(state, event);
    throw new ApiError(409, TRANSITION_REFUSED, message, undefined, undefined, { state, event: event.type });
  }
  const [to, actions] = transition(workflow.machine, from as never, event) as [SnapshotOf<M>, { type: string; params?: unknown }[]];
  let saved: Partial<S> = {};
  for (const action of actions) {
    if (action.type.startsWith('xstate.')) continue;
    const effect = (workflow.effects as Record<string, Effect<M, Row, S> | undefined> | undefined)?.[action.type];
    if (!effect) throw new Error(`Workflow ${workflow.machine.id}: the action "${action.type}" has no server effect`);
    const part = await effect({ tx, row, event, from, to, params: action.params, actorId, saved });
    if (part) saved = { ...saved, ...part };
  }
  if (alsoDo) {
    const part = await alsoDo({ tx, row, event, from, to, actorId, saved });
    if (part) saved = { ...saved, ...part };
  }
  await workflow.saveState(tx, row, to, event, saved);
  return { row, from, to };
}

/**
 * Implements named actions of a workflow from outside its area: a higher area provides what a lower
 * one's machine does without the lower one importing it (operations provides the booking machine's
 * `startOperation`; docs/architecture.md, "Faces"). Providing an action the workflow implements
 * itself is a programming error, as is leaving one unprovided (the action's first use is a 500).
 */
export function provideEffects<M extends AnyStateMachine, Row, S extends Saves>(workflow: Workflow<M, Row, S>, effects: Effects<M, Row, S>) {
  for (const name of Object.keys(effects)) {
    const own = (workflow.effects as Record<string, Effect<M, Row, S> | undefined> | undefined)?.[name];
    if (own && !provided.has(own)) throw new Error(`Workflow ${workflow.machine.id}: "${name}" is implemented by its own area`);
  }
  for (const effect of Object.values(effects) as Effect<M, Row, S>[]) provided.add(effect);
  workflow.effects = { ...workflow.effects, ...effects };
}
const provided = new WeakSet<Effect<any, any, any>>();

/** A table with an `id` primary key and the state in a text column (and, usually, `updated_at`). */
type StatefulTable = PgTable & { id: AnyPgColumn; updatedAt?: AnyPgColumn };

/** What a row workflow's effects may return: columns of its row, written with the state. */
export type RowSaves<T extends PgTable> = Partial<T['$inferInsert']>;

/**
 * The common case: the record is one row of `table`, its state in `stateColumn` (default `status`)
 * as text (`encodeState`), `updated_at` refreshed when the state changes. Columns the effects
 * return (a voucher's number) are written in the same update.
 */
export function rowWorkflow<M extends AnyStateMachine, T extends StatefulTable>(options: {
  machine: M;
  table: T;
  recordName: string;
  stateColumn?: AnyPgColumn;
  contextOf?: Workflow<M, T['$inferSelect'], RowSaves<T>>['contextOf'];
  effects?: Effects<M, T['$inferSelect'], RowSaves<T>>;
  refusal?: Workflow<M, T['$inferSelect'], RowSaves<T>>['refusal'];
}): Workflow<M, T['$inferSelect'], RowSaves<T>> {
  type Row = T['$inferSelect'];
  const table = options.table;
  const column = options.stateColumn ?? ((table as unknown as Record<string, AnyPgColumn>).status as AnyPgColumn | undefined);
  if (!column) throw new Error(`rowWorkflow ${options.machine.id}: the table has no status column; pass stateColumn`);
  const key = Object.entries(table as unknown as Record<string, unknown>).find(([, c]) => c === column)?.[0];
  if (!key) throw new Error(`rowWorkflow ${options.machine.id}: stateColumn is not a column of the table`);
  return {
    machine: options.machine,
    recordName: options.recordName,
    contextOf: options.contextOf,
    effects: options.effects,
    refusal: options.refusal,
    async lock(tx, id) {
      const rows = await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update');
      return rows[0] as Row | undefined;
    },
    stateOf: (row) => decodeState((row as Record<string, string>)[key]),
    async saveState(tx, row, to, _event, saved) {
      const values: Record<string, unknown> = { ...saved, [key]: encodeState(to.value) };
      if (table.updatedAt) values.updatedAt = sql`now()`;
      await tx
        .update(table as PgTable)
        .set(values)
        .where(eq(table.id, (row as { id: string }).id));
    },
  };
}
