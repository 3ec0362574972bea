import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyStateMachine, type EventFromLogic, type EventObject, type StateValue } from 'xstate';
import type { SnapshotOf } from '../../src/machines/workflow';
import type { Answer } from './agent';

/**
 * Path-coverage tests for any workflow machine (docs/workflows.md). From the machine alone,
 * @xstate/graph gives every shortest path and every simple path; to those we add, for every
 * transition, the shortest path to its source state followed by it (a simple path never takes a
 * transition back into a state it has visited, e.g. `inactive → active`). Each path is replayed
 * (1) on the machine and (2) through an adapter against the real HTTP API: after each step the
 * server's state must equal the machine's, and every event the machine refuses in that state must
 * answer 409 and change nothing.
 */

export interface WorkflowAdapter<TEvent extends EventObject, Id = string> {
  /** A new record, in the machine's initial state. */
  create(): Promise<Id>;
  /** Sends one event the way the UI would (its HTTP call). */
  send(id: Id, event: TEvent): Promise<Answer>;
  /** The record's state as the server reports it, as a machine state value. */
  readState(id: Id): Promise<StateValue>;
  /** Every event of the machine, with payloads its guards accept. */
  allEvents: readonly TEvent[];
  /** The record as compared before and after a refused event (default: its state). */
  readRecord?(id: Id): Promise<unknown>;
  /** Whether an answer is the success of an accepted event (default: any 2xx). */
  accepted?(answer: Answer): boolean;
}

type Step<M extends AnyStateMachine> = { event: EventObject; state: SnapshotOf<M> };
export interface MachinePath<M extends AnyStateMachine> {
  /** How the path was found: shortest, simple, transition (or several). */
  kinds: string[];
  description: string;
  /** `steps[0]` is the synthetic `xstate.init` step into the initial state. */
  steps: Step<M>[];
}

export const eventLabel = (event: EventObject) => {
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
};
const stateLabel = (value: StateValue) => (typeof value === 'string' ? value : JSON.stringify(value));
const snapshotKey = (s: { value: StateValue; context: unknown }) => JSON.stringify({ value: s.value, context: s.context ?? null });
const edgeKey = (from: { value: StateValue; context: unknown }, event: EventObject) => `${snapshotKey(from)} ${JSON.stringify(event)}`;

function describePath<M extends AnyStateMachine>(steps: Step<M>[]): string {
  return steps.reduce(
    (text, step, i) => (i === 0 ? stateLabel(step.state.value) : `${text} —${eventLabel(step.event)}→ ${stateLabel(step.state.value)}`),
    '',
  );
}

const initialSnapshot = <M extends AnyStateMachine>(machine: M) => (initialTransition as unknown as (m: M) => [SnapshotOf<M>])(machine)[0];
const next = <M extends AnyStateMachine>(machine: M, snapshot: SnapshotOf<M>, event: EventFromLogic<M>) =>
  transition(machine, snapshot as never, event)[0] as SnapshotOf<M>;

/** Every transition reachable from the initial state: `[from, event]` for each accepted event. */
export function reachableTransitions<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[]) {
  const seen = new Map<string, SnapshotOf<M>>();
  const edges: { from: SnapshotOf<M>; event: EventFromLogic<M> }[] = [];
  const queue = [initialSnapshot(machine)];
  seen.set(snapshotKey(queue[0]), queue[0]);
  while (queue.length) {
    const from = queue.shift()!;
    for (const event of events) {
      if (!from.can(event)) continue;
      edges.push({ from, event });
      const to = next(machine, from, event);
      if (!seen.has(snapshotKey(to))) {
        seen.set(snapshotKey(to), to);
        queue.push(to);
      }
    }
  }
  return edges;
}

/** The paths to replay: shortest, simple, and one per transition; the same path found twice is kept once. */
export function machinePaths<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[]): MachinePath<M>[] {
  const options = { events: events as EventFromLogic<M>[] };
  const byDescription = new Map<string, MachinePath<M>>();
  const add = (kind: string, steps: Step<M>[]) => {
    const description = describePath(steps);
    const found = byDescription.get(description);
    if (found) {
      if (!found.kinds.includes(kind)) found.kinds.push(kind);
    } else byDescription.set(description, { kinds: [kind], description, steps });
  };
  const shortest = getShortestPaths(machine, options);
  for (const p of shortest) add('shortest', p.steps as Step<M>[]);
  for (const p of getSimplePaths(machine, options)) add('simple', p.steps as Step<M>[]);
  const shortestTo = new Map(shortest.map((p) => [snapshotKey(p.state as SnapshotOf<M>), p.steps as Step<M>[]]));
  for (const { from, event } of reachableTransitions(machine, events)) {
    const prefix = shortestTo.get(snapshotKey(from));
    if (!prefix) throw new Error(`No shortest path reaches ${stateLabel(from.value)}`);
    add('transition', [...prefix, { event, state: next(machine, from, event) }]);
  }
  return [...byDescription.values()];
}

/** Every reachable transition is taken by at least one of the paths. */
export function expectEveryTransitionCovered<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[], paths: MachinePath<M>[]) {
  const taken = new Set<string>();
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) taken.add(edgeKey(path.steps[i - 1].state, path.steps[i].event));
  }
  const missing = reachableTransitions(machine, events)
    .filter(({ from, event }) => !taken.has(edgeKey(from, event)))
    .map(({ from, event }) => `${eventLabel(event)} from ${stateLabel(from.value)}`);
  expect(missing, 'transitions no path takes').toEqual([]);
}

/** (1) Replays a path on the machine: each step accepted and landing where the graph says; refused events change nothing. */
export function replayOnMachine<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[], path: MachinePath<M>) {
  const [init, ...rest] = path.steps;
  expect(init.event.type).toBe('xstate.init');
  let snapshot = initialSnapshot(machine);
  expect(snapshot.value).toEqual(init.state.value);
  const checkRefusals = () => {
    for (const event of events) {
      if (snapshot.can(event)) continue;
      const after = next(machine, snapshot, event);
      expect(snapshotKey(after), `${eventLabel(event)} is refused in ${stateLabel(snapshot.value)} and changes nothing`).toBe(snapshotKey(snapshot));
    }
  };
  checkRefusals();
  for (const step of rest) {
    const event = step.event as EventFromLogic<M>;
    expect(snapshot.can(event), `${eventLabel(event)} is accepted in ${stateLabel(snapshot.value)}`).toBe(true);
    snapshot = next(machine, snapshot, event);
    expect(snapshot.value).toEqual(step.state.value);
    checkRefusals();
  }
}

/** (2) Replays a path against the server through the adapter, on a new record. */
export async function replayOnApi<M extends AnyStateMachine, Id>(
  machine: M,
  adapter: WorkflowAdapter<EventFromLogic<M>, Id>,
  path: MachinePath<M>,
) {
  const readRecord = adapter.readRecord ?? adapter.readState;
  const accepted = adapter.accepted ?? ((a: Answer) => a.status >= 200 && a.status < 300);
  const id = await adapter.create();
  let snapshot = initialSnapshot(machine);
  expect(await adapter.readState(id), 'a new record is in the initial state').toEqual(snapshot.value);

  const checkRefusals = async () => {
    for (const event of adapter.allEvents) {
      if (snapshot.can(event)) continue;
      const before = await readRecord(id);
      const answer = await adapter.send(id, event);
      const where = `${eventLabel(event)} in ${stateLabel(snapshot.value)}`;
      expect(answer.status, `${where} answers 409 (got ${JSON.stringify(answer.body)})`).toBe(409);
      expect(await readRecord(id), `${where} changes nothing`).toEqual(before);
    }
  };
  await checkRefusals();
  for (const step of path.steps.slice(1)) {
    const event = step.event as EventFromLogic<M>;
    const answer = await adapter.send(id, event);
    expect(accepted(answer), `${eventLabel(event)} in ${stateLabel(snapshot.value)} answered ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    snapshot = next(machine, snapshot, event);
    expect(snapshot.value).toEqual(step.state.value);
    expect(await adapter.readState(id), `the server's state after ${eventLabel(event)}`).toEqual(snapshot.value);
    await checkRefusals();
  }
}

/**
 * Registers the whole suite for one workflow: every path on the machine, the coverage check, and
 * (given `api`, called when the tests run so it can use a server started in `beforeAll`) every
 * path against the server.
 */
export function testMachinePaths<M extends AnyStateMachine, Id>(
  machine: M,
  options: { events: readonly EventFromLogic<M>[]; api?: () => WorkflowAdapter<EventFromLogic<M>, Id> },
) {
  const paths = machinePaths(machine, options.events);
  const named = paths.map((p) => [`${p.kinds.join(', ')}: ${p.description}`, p] as const);

  describe(`${machine.id} machine`, () => {
    it('has paths to replay, and they take every transition', () => {
      expect(paths.length).toBeGreaterThan(0);
      expectEveryTransitionCovered(machine, options.events, paths);
    });
    it.each(named)('replays on the machine — %s', (_, path) => replayOnMachine(machine, options.events, path));
  });

  if (options.api) {
    const api = options.api;
    describe(`${machine.id} workflow through the HTTP API`, () => {
      it.each(named)('replays against the server — %s', (_, path) => replayOnApi(machine, api(), path));
    });
  }
}
