import * as v from 'valibot';
import type { ListAnswer } from '../../common/schemas';
import { updateOf, clearableText, idSchema, listOf, pageQuery, requiredText, sortBy, withFilter } from '../../common/schemas';
import { slugInput } from '../../common/slug';
import type { CatalogueRef } from '../regions/contract';

export interface Destination {
  _id: string;
  name: string;
  slug: string;
  country: string;
  description: string | null;
  regionId: string;
  region: CatalogueRef;
  createdAt: string;
  updatedAt: string;
}

/** The seed's destination list also carries `meta.totalItem` (equal to `totalItems`). */
export type DestinationList = ListAnswer<Destination> & { meta: { totalItem: number } };

const destinationFields = {
  /** Unique in the organization, whatever the case. */
  name: requiredText(120),
  slug: slugInput,
  regionId: idSchema,
  country: requiredText(100),
  description: clearableText(2000),
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
    countries: listOf(v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'))),
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
