import type * as v from 'valibot';
import type { AnyStateMachine, EventFromLogic } from 'xstate';
import type { AnyEndpoint, Endpoint } from './endpoint';

/**
 * A workflow's HTTP shape, kept in its area's contract (docs/workflows.md): the call that sends
 * the machine's events, how its body maps to an event and back, and which state an answered
 * record is in. The server's `workflowRoute` reads bodies through it, the client's
 * `useWorkflowEvent` and the path tests write them through it; nothing else converts.
 */
export interface WorkflowRequest<M extends AnyStateMachine, B extends v.GenericSchema, R> {
  machine: M;
  /** The endpoint the events are sent to (its method, path, params, body and answer), declared in the contract. */
  endpoint: AnyEndpoint;
  /** The endpoint's method. */
  method: 'PUT' | 'POST' | 'PATCH';
  /** The endpoint's pattern, with the record's id as `:id`: `/leads/:id/status`. */
  path: string;
  /** The endpoint's body schema (the route validates with it). */
  body: B;
  /**
   * The event a body asks for; undefined when it asks for none (a PUT whose body only edits
   * fields, or names a value no event leads to, see `noEvent`).
   */
  eventOf(body: v.InferOutput<B>): EventFromLogic<M> | undefined;
  /** The body that sends `event`: what the UI's buttons and the path tests send. */
  bodyOf(event: EventFromLogic<M>): v.InferInput<B>;
  /** The machine state (as stored: `active`, `review.waiting`) of a record as the API answers it. */
  stateOf(record: R): string;
  /**
   * A body that must name an event but names none the machine has (`{ status: 'new' }`): the
   * 409's message. Without it, a body without an event is a plain change of the record's fields.
   */
  noEvent?(body: v.InferOutput<B>): string;
}

type Mapping<M extends AnyStateMachine, B extends v.GenericSchema, R> = Omit<WorkflowRequest<M, B, R>, 'endpoint' | 'method' | 'path' | 'body'>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an endpoint's other schemas, whatever they are
type EventEndpoint<B extends v.GenericSchema> = Endpoint<'PUT' | 'POST' | 'PATCH', string, any, any, B, any>;
/** The endpoint's body schema, so the mapping's and the route's bodies are typed by it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an endpoint's other schemas, whatever they are
type BodySchemaOf<E> = E extends Endpoint<any, any, any, any, infer B, any> ? (B extends v.GenericSchema ? B : v.GenericSchema) : v.GenericSchema;

/**
 * Declares a workflow's HTTP shape: the contract's endpoint that carries the events, and how its
 * body maps to the machine's events and back (types inferred from the machine, the endpoint's body
 * schema and the record).
 */
export function workflowRequest<M extends AnyStateMachine, R, E extends EventEndpoint<v.GenericSchema>>(request: Mapping<M, BodySchemaOf<E>, R> & { endpoint: E }): WorkflowRequest<M, BodySchemaOf<E>, R> & { endpoint: E } {
  const e = request.endpoint;
  return { ...request, method: e.method, path: e.pattern, body: e.body as BodySchemaOf<E> };
}

/**
 * The request's path for one record: `/leads/:id/status` → `/leads/42/status`; a path naming more
 * (`/bookings/:id/payment/:paymentId/verify`) takes the others from `params`.
 */
export const workflowPath = (request: { path: string }, id: string, params: Record<string, string> = {}) =>
  request.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(name === 'id' ? id : (params[name] ?? `:${name}`)));
