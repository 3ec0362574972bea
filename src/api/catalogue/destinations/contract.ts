import { importEndpoint } from '../../common/import';
import { endpoint } from '../../common/endpoint';
import { deletedAnswer, idParams, itemAnswer } from '../../common/schemas';
import * as v from 'valibot';
import { clearableText, idSchema, listMetaSchema, listOf, multiline, pageQuery, requiredText, sortBy, timestamp, updateOf, uuid, withFilter } from '../../common/schemas';
import { slugInput } from '../../common/slug';
import { catalogueRefSchema } from '../regions/contract';

export const destinationSchema = v.object({
  _id: uuid,
  name: v.string(),
  slug: v.string(),
  country: v.string(),
  description: v.nullable(v.string()),
  regionId: uuid,
  region: catalogueRefSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Destination = v.InferOutput<typeof destinationSchema>;

/** The seed's destination list also carries `meta.totalItem` (equal to `totalItems`). */
export const destinationListSchema = v.object({ data: v.array(destinationSchema), meta: v.object({ ...listMetaSchema.entries, totalItem: v.number() }) });
export type DestinationList = v.InferOutput<typeof destinationListSchema>;

const destinationFields = {
  /** Unique in the organization, whatever the case. */
  name: requiredText(120),
  slug: slugInput,
  regionId: idSchema,
  country: requiredText(100),
  description: clearableText(2000, multiline),
};

export const createDestinationInput = v.strictObject(destinationFields);
export type CreateDestinationInput = v.InferOutput<typeof createDestinationInput>;

export const updateDestinationInput = updateOf({
  ...destinationFields,
  name: v.optional(destinationFields.name),
  regionId: v.optional(destinationFields.regionId),
  country: v.optional(destinationFields.country),
});
export type UpdateDestinationInput = v.InferOutput<typeof updateDestinationInput>;

export const DESTINATION_SORT_FIELDS = ['name', 'country', 'createdAt', 'updatedAt'] as const;
export const destinationsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(DESTINATION_SORT_FIELDS, 'name'),
  ...withFilter({
    /** Destinations in any of these regions. */
    regions: listOf(idSchema),
    /** Destinations in any of these countries (case aside). */
    countries: listOf(requiredText(100)),
    ids: listOf(idSchema),
  }),
});
export type DestinationsQuery = v.InferOutput<typeof destinationsQuery>;

/**
 * One import row: a create payload whose region is named by `region` (its id, slug or name)
 * instead of `regionId`. It updates the destination with the same slug (if given) or name.
 */
export const destinationImportRow = v.strictObject({
  name: destinationFields.name,
  slug: destinationFields.slug,
  region: requiredText(200),
  country: destinationFields.country,
  description: destinationFields.description,
});
export type DestinationImportRow = v.InferOutput<typeof destinationImportRow>;

export const DESTINATION_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  destination: 'name',
  destinationname: 'name',
  slug: 'slug',
  region: 'region',
  regionname: 'region',
  regionid: 'region',
  country: 'country',
  description: 'description',
};

/** The destinations' paths, declared once: the server's routes register `.pattern`, the web app calls them. */

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const destinationEndpoints = {
  list: endpoint({ method: 'GET', path: '/destinations', query: destinationsQuery, answer: destinationListSchema }),
  create: endpoint({ method: 'POST', path: '/destinations', body: createDestinationInput, answer: itemAnswer(destinationSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/destinations/:id', params: idParams, body: updateDestinationInput, answer: itemAnswer(destinationSchema) }),
  /** The CSV import (its route is built by `importRoute`). */
  import: importEndpoint('/destinations/import'),
  remove: endpoint({ method: 'DELETE', path: '/destinations/:id', params: idParams, answer: deletedAnswer(destinationSchema) }),
};
