import type * as v from 'valibot';
import type { AnyStateMachine } from 'xstate';
import { idParams } from '../../src/api/common/schemas';
import type { WorkflowRequest } from '../../src/api/common/workflow';
import type { AnyEndpoint, Endpoint } from '../../src/api/common/endpoint';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { route, type RouteDef, type TenantRoute } from '../http/route';
import type { AppServices } from '../services';
import { applyEventTo, TRANSITION_REFUSED, type Applied, type Workflow } from './apply-event';

export type IdParams = v.GenericSchema<unknown, { id: string }>;

/**
 * A change to one record (`PUT /leads/:id/status`…), declared from its contract's endpoint (method,
 * path, params, body and answer): the record is locked for the request and must be the caller's to
 * see (else 404), `run` changes it in the request's transaction, and the answer is the record as it
 * is now (`{ data }`).
 */
export interface RecordActionDef<Row, R, B extends v.GenericSchema, P extends IdParams = typeof idParams> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the endpoint's query and answer, whatever they are
  endpoint: Endpoint<'POST' | 'PUT' | 'PATCH', string, P, any, B, any>;
  access: TenantRoute['access'];
  /** Every statement planned generically (a route's `genericPlans`). */
  genericPlans?: boolean;
  /** Loads the record `FOR UPDATE`, checking the caller may see it; throws 404 when not. */
  lock(tx: Tx, auth: AuthContext, id: string, params: v.InferOutput<P>): Promise<Row>;
  run(ctx: { tx: Tx; auth: AuthContext; row: Row; body: v.InferOutput<B>; params: v.InferOutput<P>; services: AppServices }): Promise<void>;
  /** The record as answered (loaded again: `run` changed it). */
  answer(tx: Tx, row: Row, ctx: { auth: AuthContext; services: AppServices }): Promise<R>;
}

export function recordAction<Row, R, B extends v.GenericSchema, P extends IdParams = typeof idParams>(def: RecordActionDef<Row, R, B, P>): RouteDef {
  return route({
    endpoint: def.endpoint as AnyEndpoint,
    access: def.access,
    genericPlans: def.genericPlans,
    async handler({ tx, auth, params, body, services }) {
      const row = await def.lock(tx, auth, (params as { id: string }).id, params as v.InferOutput<P>);
      await def.run({ tx, auth, row, body: body as v.InferOutput<B>, params: params as v.InferOutput<P>, services });
      return { data: await def.answer(tx, row, { auth, services }) };
    },
  });
}

/**
 * The one HTTP shape of a workflow (docs/workflows.md): the route the area's contract declares
 * (`request`: method, path, body schema), the record locked, the body mapped to the machine's
 * event by the contract's mapping, the event applied through `applyEvent` (409 when the machine
 * refuses; the workflow's named effects run), then the endpoint's own writes (`then`, in the same
 * transaction: a timeline line, the other fields of the same PUT), and the record answered.
 *
 * A body that names no event is a plain change of fields (`then` alone), unless the mapping says
 * a body must name one (`noEvent`: 409 with its message).
 */
export function workflowRoute<M extends AnyStateMachine, Row, B extends v.GenericSchema, R, P extends IdParams = typeof idParams>(def: {
  request: WorkflowRequest<M, B, R>;
  access: TenantRoute['access'];
  genericPlans?: boolean;
  /** The workflow, or the workflow of the caller's decision (who verified a payment is stored with it). */
  workflow: Workflow<M, Row> | ((auth: AuthContext) => Workflow<M, Row>);
  /** Who may see the record (leads: own visibility); by default the workflow's own lock, 404 when missing. */
  lock?(tx: Tx, auth: AuthContext, id: string, params: v.InferOutput<P>): Promise<Row>;
  then?(ctx: { tx: Tx; auth: AuthContext; row: Row; body: v.InferOutput<B>; applied?: Applied<M, Row>; services: AppServices }): Promise<void>;
  answer(tx: Tx, row: Row, ctx: { auth: AuthContext; services: AppServices }): Promise<R>;
}): RouteDef {
  const { request } = def;
  const workflowOf = (auth: AuthContext) => (typeof def.workflow === 'function' ? def.workflow(auth) : def.workflow);
  return recordAction<Row, R, B, P>({
    endpoint: request.endpoint as RecordActionDef<Row, R, B, P>['endpoint'],
    access: def.access,
    genericPlans: def.genericPlans,
    lock:
      def.lock ??
      (async (tx, auth, id) => {
        const workflow = workflowOf(auth);
        const row = await workflow.lock(tx, id);
        if (!row) throw notFound(workflow.recordName);
        return row;
      }),
    async run({ tx, auth, row, body, services }) {
      const event = request.eventOf(body);
      if (!event && request.noEvent) throw conflict(request.noEvent(body), TRANSITION_REFUSED);
      const applied = event ? await applyEventTo(tx, workflowOf(auth), row, event, undefined, { actorId: auth.memberId }) : undefined;
      await def.then?.({ tx, auth, row, body, applied, services });
    },
    answer: def.answer,
  });
}
