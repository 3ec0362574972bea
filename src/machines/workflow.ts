import { getInitialSnapshot, pathToStateValue, transition, type AnyStateMachine, type ContextFrom, type EventFromLogic, type InputFrom, type StateValue } from 'xstate';

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

/** A state node as the machine's definition walks it (the parts read here). */
interface StateNodeLike {
  path: string[];
  tags: Set<string>;
  always?: unknown[];
  states: Record<string, StateNodeLike>;
  initial?: { target: readonly StateNodeLike[] };
  parent?: StateNodeLike;
  transitions: Map<string, { target?: readonly StateNodeLike[] }[]>;
}

/**
 * The states a record can rest in, as stored (`active`, `review.waiting`), each with its tags and
 * its ancestors'. A choice state (only eventless transitions, such as the start state that picks
 * where a new record begins) is passed through, never stored, so it is not one of them.
 */
export function restingStates(machine: AnyStateMachine): { state: string; tags: Set<string> }[] {
  const out: { state: string; tags: Set<string> }[] = [];
  const walk = (node: StateNodeLike, inherited: Set<string>) => {
    const tags = new Set([...inherited, ...node.tags]);
    const children = Object.values(node.states);
    if (children.length) for (const child of children) walk(child, tags);
    else if (!node.always?.length) out.push({ state: node.path.join('.'), tags });
  };
  for (const child of Object.values((machine.root as unknown as StateNodeLike).states)) walk(child, new Set((machine.root as unknown as StateNodeLike).tags));
  return out;
}

/**
 * Every change of stored state the machine can make, `{ from, to, event }`, whatever its guards say
 * (they read facts the database does not hold): what a rule in the database that repeats the
 * machine's transitions is generated from (server/db/state-check.ts). Transitions that stay in
 * their state change nothing stored and are left out, as is an `xstate.*` event.
 */
export function transitionsOf(machine: AnyStateMachine): { from: string; to: string; event: string }[] {
  const leafOf = (node: StateNodeLike): StateNodeLike => {
    if (node.always?.length) throw new Error(`transitionsOf ${machine.id}: a transition into the choice state ${node.path.join('.')} is not supported`);
    const [next] = node.initial?.target ?? [];
    return Object.keys(node.states).length && next ? leafOf(next) : node;
  };
  const out: { from: string; to: string; event: string }[] = [];
  const resting = new Set(restingStates(machine).map((s) => s.state));
  const nodes = (node: StateNodeLike): StateNodeLike[] => [node, ...Object.values(node.states).flatMap(nodes)];
  for (const from of resting) {
    // A leaf takes its own events and, when none of its own guards lets one through, its ancestors'.
    for (let node: StateNodeLike | undefined = nodes(machine.root as unknown as StateNodeLike).find((n) => n.path.join('.') === from); node; node = node.parent) {
      for (const [event, candidates] of node.transitions) {
        if (event.startsWith('xstate.')) continue;
        for (const candidate of candidates) {
          for (const target of candidate.target ?? []) {
            const to = leafOf(target).path.join('.');
            if (to !== from && !out.some((t) => t.from === from && t.to === to && t.event === event)) out.push({ from, to, event });
          }
        }
      }
    }
  }
  return out;
}

/**
 * The stored states that carry `tag`: a set of states ("open", "final") read from the machine,
 * so SQL, routes and screens never type the list again.
 */
export function statesWithTag(machine: AnyStateMachine, tag: string): string[] {
  return restingStates(machine)
    .filter((s) => s.tags.has(tag))
    .map((s) => s.state);
}

/**
 * The stored states in which the machine has a transition for `eventType`, whatever its guards say
 * (they read the record's context and the event's payload): where a record may be waiting for that
 * event, so a list of "records to verify" is chosen by the machine, not by a list typed again.
 */
export function statesAccepting(machine: AnyStateMachine, eventType: string): string[] {
  return [...new Set(transitionsOf(machine).filter((t) => t.event === eventType).map((t) => t.from))];
}

/** The stored states that do not carry `tag`. */
export function statesWithoutTag(machine: AnyStateMachine, tag: string): string[] {
  return restingStates(machine)
    .filter((s) => !s.tags.has(tag))
    .map((s) => s.state);
}

/**
 * The state a new record is stored in: the machine's initial state, which the machine may choose
 * from `input` (a vendor created with `isActive: false` starts `inactive`).
 */
export function initialState<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): string {
  return encodeState((getInitialSnapshot(machine, input as never) as { value: StateValue }).value);
}

/**
 * The shortest run of `events` that takes a record from `from` to the stored state `target`, each
 * accepted by the machine in turn (a lead quoted by a sent tour goes through contacted and
 * qualified first): `[]` when it is there already, undefined when the machine has no way there.
 */
export function eventsTo<M extends AnyStateMachine>(
  machine: M,
  from: StateValue,
  target: string,
  events: readonly EventFromLogic<M>[],
  context?: ContextFrom<M>,
): EventFromLogic<M>[] | undefined {
  const start = snapshotOf(machine, from, context);
  const queue: [SnapshotOf<M>, EventFromLogic<M>[]][] = [[start, []]];
  const seen = new Set([encodeState(start.value as StateValue)]);
  while (queue.length) {
    const [snapshot, path] = queue.shift()!;
    if (encodeState(snapshot.value as StateValue) === target) return path;
    for (const event of events) {
      if (!snapshot.can(event)) continue;
      const [next] = transition(machine, snapshot as never, event) as [SnapshotOf<M>, unknown];
      const key = encodeState(next.value as StateValue);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push([next, [...path, event]]);
    }
  }
  return undefined;
}
