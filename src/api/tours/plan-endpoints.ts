import type * as v from 'valibot';
import { endpoint } from '../common/endpoint';
import { deletedAnswer, idParams, itemAnswer } from '../common/schemas';

/**
 * The seed's calls of personalized or group tours, declared once for the kind's base path
 * (`/group-tours`): `list` (`GET`, a page), `byId` (`GET /group-tours/id/:id`, one with its plan),
 * `create` (`POST`), `update` (the seed's `PUT /group-tours`, naming the record by `_id` in the
 * body), `remove` (`DELETE /group-tours/:id`). The server's `planRoutes` registers them, the web
 * app's `planResource` calls them.
 */
export function planEndpoints<
  const B extends string,
  I extends v.GenericSchema,
  D extends v.GenericSchema,
  L extends v.GenericSchema,
  Q extends v.GenericSchema,
  C extends v.GenericSchema,
  U extends v.GenericSchema,
>(base: B, schemas: { item: I; detail: D; list: L; query: Q; create: C; update: U }) {
  return {
    list: endpoint({ method: 'GET', path: base, query: schemas.query, answer: schemas.list }),
    byId: endpoint({ method: 'GET', path: `${base}/id/:id` as const, params: idParams, answer: itemAnswer(schemas.detail) }),
    create: endpoint({ method: 'POST', path: base, body: schemas.create, answer: itemAnswer(schemas.detail), status: 201 }),
    update: endpoint({ method: 'PUT', path: base, body: schemas.update, answer: itemAnswer(schemas.detail) }),
    remove: endpoint({ method: 'DELETE', path: `${base}/:id` as const, params: idParams, answer: deletedAnswer(schemas.item) }),
  };
}
