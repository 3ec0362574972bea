import type * as v from 'valibot';
import { endpoint } from '../common/endpoint';
import { deletedAnswer, idParams, itemAnswer, listAnswerOf } from '../common/schemas';

/**
 * The calls of a catalogue resource whose records sit in a destination (hotels, activities),
 * declared once for its base path (`/hotels`): `list` (`GET`, with the header's stats), `byId` (the
 * seed's one record, `GET /hotels/hotelId/:id`), `create` (`POST`), `update` and `remove`
 * (`PUT`/`DELETE /hotels/:id`). The server's `placedRecordRoutes` registers them, the web app's
 * resource calls them; the CSV import is `importEndpoint` (`hotelPaths.import`, registered by `importRoute`).
 */
export function placedEndpoints<
  const B extends string,
  const One extends string,
  R extends v.GenericSchema,
  S extends v.GenericSchema,
  Q extends v.GenericSchema,
  C extends v.GenericSchema,
  U extends v.GenericSchema,
>(base: B, def: { one: One; schema: R; statsSchema: S; query: Q; createInput: C; updateInput: U }) {
  const record = `${base}/:id` as const;
  return {
    list: endpoint({ method: 'GET', path: base, query: def.query, answer: listAnswerOf(def.schema, def.statsSchema) }),
    byId: endpoint({ method: 'GET', path: `${base}/${def.one}/:id` as const, params: idParams, answer: itemAnswer(def.schema) }),
    create: endpoint({ method: 'POST', path: base, body: def.createInput, answer: itemAnswer(def.schema), status: 201 }),
    update: endpoint({ method: 'PUT', path: record, params: idParams, body: def.updateInput, answer: itemAnswer(def.schema) }),
    remove: endpoint({ method: 'DELETE', path: record, params: idParams, answer: deletedAnswer(def.schema) }),
  };
}
