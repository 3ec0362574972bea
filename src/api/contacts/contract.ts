import { endpoint } from '../common/endpoint';
import { idParams, itemAnswer, listAnswerOf } from '../common/schemas';
import * as v from 'valibot';
import { catalogueRefSchema } from '../catalogue/regions/contract';
import { coded } from '../common/issues';
import { calendarDate, clearableText, dateRangeQuery, idSchema, listOf, multiline, pageQuery, requiredText, sortBy, timestamp, updateOf, uuid, withFilter } from '../common/schemas';

/** Contacts (the people behind leads and bookings) and contact groups. */

/** A person behind leads (and later bookings), once per phone or email. */
export const contactSchema = v.object({
  _id: uuid,
  name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  leadCount: v.number(),
  /** The latest enquiry day of the contact's leads. */
  lastQueryDate: v.nullable(calendarDate),
  regions: v.array(catalogueRefSchema),
  destinations: v.array(catalogueRefSchema),
  createdAt: timestamp,
});
export type Contact = v.InferOutput<typeof contactSchema>;

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

export const contactGroupSchema = v.object({
  _id: uuid,
  name: v.string(),
  description: v.nullable(v.string()),
  contactIds: v.array(uuid),
  contactCount: v.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ContactGroup = v.InferOutput<typeof contactGroupSchema>;
/** A group's create, update and delete answer it with the message the toast shows. */
export const contactGroupChangedSchema = v.object({ data: contactGroupSchema, message: v.string() });

const groupFields = {
  name: requiredText(120),
  description: clearableText(2000, multiline),
  contactIds: v.optional(
    v.pipe(
      v.array(idSchema, coded('invalidType', 'must be a list of contact ids', { expected: 'list' })),
      v.maxLength(5000, coded('tooManyItems', 'must name at most 5000 contacts', { max: 5000 })),
      v.transform((l) => [...new Set(l)]),
    ),
  ),
};
export const createContactGroupInput = v.strictObject(groupFields);

export type CreateContactGroupInput = v.InferOutput<typeof createContactGroupInput>;

export const updateContactGroupInput = updateOf({ ...groupFields, name: v.optional(groupFields.name) });

export type UpdateContactGroupInput = v.InferOutput<typeof updateContactGroupInput>;

export const contactGroupsQuery = v.strictObject({ ...pageQuery(), sortBy: sortBy(['name', 'createdAt'] as const, 'name') });

export type ContactGroupsQuery = v.InferOutput<typeof contactGroupsQuery>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const contactEndpoints = {
  list: endpoint({ method: 'GET', path: '/contacts', query: contactsQuery, answer: listAnswerOf(contactSchema) }),
  groups: endpoint({ method: 'GET', path: '/contacts/groups', query: contactGroupsQuery, answer: listAnswerOf(contactGroupSchema) }),
  createGroup: endpoint({ method: 'POST', path: '/contacts/groups', body: createContactGroupInput, answer: contactGroupChangedSchema, status: 201 }),
  group: endpoint({ method: 'GET', path: '/contacts/groups/:id', params: idParams, answer: itemAnswer(contactGroupSchema) }),
  updateGroup: endpoint({ method: 'PUT', path: '/contacts/groups/:id', params: idParams, body: updateContactGroupInput, answer: contactGroupChangedSchema }),
  removeGroup: endpoint({ method: 'DELETE', path: '/contacts/groups/:id', params: idParams, answer: contactGroupChangedSchema }),
};
