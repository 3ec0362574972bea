import { importEndpoint } from '../../common/import';
import { endpoint } from '../../common/endpoint';
import { deletedAnswer, idParams, itemAnswer, listAnswerOf } from '../../common/schemas';
import * as v from 'valibot';
import { clearableText, idSchema, listOf, multiline, pageQuery, requiredText, sortBy, timestamp, updateOf, uuid, withFilter } from '../../common/schemas';
import { slugInput } from '../../common/slug';

/** A catalogue record as other records show it (a hotel's region, a lead's destinations…). */
export const catalogueRefSchema = v.object({ _id: uuid, name: v.string(), slug: v.string() });
export type CatalogueRef = v.InferOutput<typeof catalogueRefSchema>;

export const regionSchema = v.object({
  _id: uuid,
  name: v.string(),
  /** Unique in the organization; derived from the name unless given. */
  slug: v.string(),
  description: v.nullable(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Region = v.InferOutput<typeof regionSchema>;

const regionFields = {
  /** Unique in the organization, whatever the case. */
  name: requiredText(120),
  slug: slugInput,
  description: clearableText(2000, multiline),
};

export const createRegionInput = v.strictObject(regionFields);
export type CreateRegionInput = v.InferOutput<typeof createRegionInput>;

/** The slug changes only when `slug` is sent: renaming keeps the old slug (links stay valid). */
export const updateRegionInput = updateOf({ ...regionFields, name: v.optional(regionFields.name) });
export type UpdateRegionInput = v.InferOutput<typeof updateRegionInput>;

export const REGION_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const regionsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(REGION_SORT_FIELDS, 'name'),
  ...withFilter({
    /** Only these regions (pickers show the names of the ids they hold). */
    ids: listOf(idSchema),
  }),
});
export type RegionsQuery = v.InferOutput<typeof regionsQuery>;

/** One import row: a create payload. It updates the region with the same slug (if given) or name. */
export const regionImportRow = createRegionInput;
export type RegionImportRow = v.InferOutput<typeof regionImportRow>;

/** CSV columns (normalised: lower case, no spaces, `_` or `-`) → fields. */
export const REGION_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  region: 'name',
  regionname: 'name',
  slug: 'slug',
  description: 'description',
};

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const regionEndpoints = {
  list: endpoint({ method: 'GET', path: '/regions', query: regionsQuery, answer: listAnswerOf(regionSchema) }),
  create: endpoint({ method: 'POST', path: '/regions', body: createRegionInput, answer: itemAnswer(regionSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/regions/:id', params: idParams, body: updateRegionInput, answer: itemAnswer(regionSchema) }),
  /** The CSV import (its route is built by `importRoute`). */
  import: importEndpoint('/regions/import'),
  remove: endpoint({ method: 'DELETE', path: '/regions/:id', params: idParams, answer: deletedAnswer(regionSchema) }),
};
