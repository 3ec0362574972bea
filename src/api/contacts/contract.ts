import * as v from 'valibot';
import type { CatalogueRef } from '../catalogue/regions/contract';
import { clearableText, dateRangeQuery, idSchema, listOf, pageQuery, requiredText, sortBy, updateOf, withFilter } from '../common/schemas';

/** Contacts (the people behind leads and bookings) and contact groups. */

/** A person behind leads (and later bookings), once per phone or email. */
export interface Contact {
  _id: string;
  name: string;
  phone: string | null;
  email: string | null;
  leadCount: number;
  /** The latest enquiry day of the contact's leads. */
  lastQueryDate: string | null;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  createdAt: string;
}

export const CONTACT_SORT_FIELDS = ['name', 'createdAt', 'lastQueryDate'] as const;

export const contactsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(CONTACT_SORT_FIELDS, 'name'),
  ...withFilter({
    regions: listOf(idSchema),
    destinations: listOf(idSchema),
    /** Contacts with a lead whose enquiry day is in the range. */
    query: dateRangeQuery,
    /** Members of this group. */
    group: v.optional(idSchema),
  }),
});

export type ContactsQuery = v.InferOutput<typeof contactsQuery>;

export interface ContactGroup {
  _id: string;
  name: string;
  description: string | null;
  contactIds: string[];
  contactCount: number;
  createdAt: string;
  updatedAt: string;
}

const groupFields = {
  name: requiredText(120),
  description: clearableText(2000),
  contactIds: v.optional(v.pipe(v.array(idSchema, 'must be a list of contact ids'), v.maxLength(5000, 'must name at most 5000 contacts'), v.transform((l) => [...new Set(l)]))),
};
export const createContactGroupInput = v.strictObject(groupFields);

export type CreateContactGroupInput = v.InferOutput<typeof createContactGroupInput>;

export const updateContactGroupInput = updateOf({ ...groupFields, name: v.optional(groupFields.name) });

export type UpdateContactGroupInput = v.InferOutput<typeof updateContactGroupInput>;

export const contactGroupsQuery = v.strictObject({ ...pageQuery(), sortBy: sortBy(['name', 'createdAt'] as const, 'name') });

export type ContactGroupsQuery = v.InferOutput<typeof contactGroupsQuery>;
