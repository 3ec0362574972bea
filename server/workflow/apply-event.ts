import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { transition, type AnyStateMachine, type ContextFrom, type EventFromLogic, type StateValue } from 'xstate';
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
export interface EffectArgs<M extends AnyStateMachine, Row> {
  tx: Tx;
  row: Row;
  event: EventFromLogic<M>;
  from: SnapshotOf<M>;
  to: SnapshotOf<M>;
  /** The action's `params`, when the machine gives them. */
  params?: unknown;
  /** The member who asked (null: the system, or a caller that did not say). */
  actorId: string | null;
}
export type Effect<M extends AnyStateMachine, Row> = (args: EffectArgs<M, Row>) => Promise<void>;

export interface Workflow<M extends AnyStateMachine, Row> {
  machine: M;
  /** The record in messages: `Vendor not found`. */
  recordName: string;
  /** Loads the record under a row lock (`FOR UPDATE`); undefined when it is not there (or not this organization's). */
  lock(tx: Tx, id: string): Promise<Row | undefined>;
  /** The machine state stored on the record. */
  stateOf(row: Row): StateValue;
  /** The context the machine's guards read, when they need the record's data (loaded in the same transaction). */
  contextOf?(tx: Tx, row: Row): ContextFrom<M> | Promise<ContextFrom<M>>;
  /** Stores the new state (and whatever of the new context belongs on the record). */
  saveState(tx: Tx, row: Row, to: SnapshotOf<M>, event: EventFromLogic<M>): Promise<void>;
  /**
   * Server implementations of the machine's named actions, run in order, after the check and
   * before the state is stored. A named action without one is a programming error (500), so a
   * machine cannot gain an effect the server silently skips.
   */
  effects?: Record<string, Effect<M, Row>>;
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
export async function applyEvent<M extends AnyStateMachine, Row>(
  tx: Tx,
  workflow: Workflow<M, Row>,
  id: string,
  event: EventFromLogic<M>,
  alsoDo?: Effect<M, Row>,
  options: ApplyOptions = {},
): Promise<Applied<M, Row>> {
  const row = await workflow.lock(tx, id);
  if (!row) throw notFound(workflow.recordName);
  return applyEventTo(tx, workflow, row, event, alsoDo, options);
}

/** {@link applyEvent} on a record the caller has locked already (a route that first checked who may see it). */
export async function applyEventTo<M extends AnyStateMachine, Row>(
  tx: Tx,
  workflow: Workflow<M, Row>,
  row: Row,
  event: EventFromLogic<M>,
  alsoDo?: Effect<M, Row>,
  options: ApplyOptions = {},
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
  for (const action of actions) {
    if (action.type.startsWith('xstate.')) continue;
    const effect = workflow.effects?.[action.type];
    if (!effect) throw new Error(`Workflow ${workflow.machine.id}: the action "${action.type}" has no server effect`);
    await effect({ tx, row, event, from, to, params: action.params, actorId });
  }
  if (alsoDo) await alsoDo({ tx, row, event, from, to, actorId });
  await workflow.saveState(tx, row, to, event);
  return { row, from, to };
}

/**
 * Implements named actions of a workflow from outside its area: a higher area provides what a lower
 * one's machine does without the lower one importing it (operations provides the booking machine's
 * `startOperation`; docs/architecture.md, "Faces"). Providing an action the workflow implements
 * itself is a programming error, as is leaving one unprovided (the action's first use is a 500).
 */
export function provideEffects<M extends AnyStateMachine, Row>(workflow: Workflow<M, Row>, effects: Record<string, Effect<M, Row>>) {
  for (const name of Object.keys(effects)) {
    const own = workflow.effects?.[name];
    if (own && !provided.has(own)) throw new Error(`Workflow ${workflow.machine.id}: "${name}" is implemented by its own area`);
  }
  for (const effect of Object.values(effects)) provided.add(effect);
  workflow.effects = { ...workflow.effects, ...effects };
}
const provided = new WeakSet<Effect<any, any>>();

/** A table with an `id` primary key and the state in a text column (and, usually, `updated_at`). */
type StatefulTable = PgTable & { id: AnyPgColumn; updatedAt?: AnyPgColumn };

/**
 * The common case: the record is one row of `table`, its state in `stateColumn` (default `status`)
 * as text (`encodeState`), `updated_at` refreshed when the state changes.
 */
export function rowWorkflow<M extends AnyStateMachine, T extends StatefulTable>(options: {
  machine: M;
  table: T;
  recordName: string;
  stateColumn?: AnyPgColumn;
  contextOf?: Workflow<M, T['$inferSelect']>['contextOf'];
  effects?: Workflow<M, T['$inferSelect']>['effects'];
  refusal?: Workflow<M, T['$inferSelect']>['refusal'];
}): Workflow<M, T['$inferSelect']> {
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
    async saveState(tx, row, to) {
      const values: Record<string, unknown> = { [key]: encodeState(to.value) };
      if (table.updatedAt) values.updatedAt = sql`now()`;
      await tx
        .update(table as PgTable)
        .set(values)
        .where(eq(table.id, (row as { id: string }).id));
    },
  };
}
