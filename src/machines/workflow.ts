import { pathToStateValue, type AnyStateMachine, type ContextFrom, type EventFromLogic, type StateValue } from 'xstate';

/** A machine's snapshot (value, context, `can`). */
export type SnapshotOf<M extends AnyStateMachine> = ReturnType<M['resolveState']>;

/**
 * What the browser and the server both need to ask a machine about a stored record:
 * "in the state this record is in, which events are accepted?" Pure; no I/O.
 */

/** A state value as stored in a text column: `active`, or `pending.verified` for a nested state. */
export function encodeState(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length !== 1) throw new Error(`A parallel state cannot be stored as one text value: ${JSON.stringify(value)}`);
  const [[key, child]] = entries;
  return child === undefined ? key : `${key}.${encodeState(child as StateValue)}`;
}

export function decodeState(stored: string): StateValue {
  return stored.includes('.') ? pathToStateValue(stored.split('.')) : stored;
}

/** The machine's snapshot for a record whose state (and, when guards need it, context) is stored. */
export function snapshotOf<M extends AnyStateMachine>(machine: M, value: StateValue, context?: ContextFrom<M>): SnapshotOf<M> {
  return machine.resolveState({ value, ...(context === undefined ? {} : { context }) } as Parameters<M['resolveState']>[0]) as SnapshotOf<M>;
}

/** The events of `events` the machine accepts now: the UI's buttons, the server's 409s. */
export function allowedEvents<M extends AnyStateMachine>(snapshot: SnapshotOf<M>, events: readonly EventFromLogic<M>[]): EventFromLogic<M>[] {
  return events.filter((event) => snapshot.can(event));
}

/** The default refusal message: `Event DEACTIVATE is not allowed in state inactive`. */
export const defaultRefusal = (state: string, event: { type: string }) => `Event ${event.type} is not allowed in state ${state}`;
