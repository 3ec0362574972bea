import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { idParams, itemAnswer, listAnswerOf, mergeFilter } from '../../src/api/common/schemas';
import { contactGroupChangedSchema, contactGroupSchema, contactGroupsQuery, contactSchema, contactsQuery, createContactGroupInput, updateContactGroupInput, type Contact, type ContactGroup, type ContactsQuery } from '../../src/api/contacts/contract';
import type { Tx } from '../db/client';
import { contactGroupMembers, contactGroups, contacts } from './schema';
import { leads } from '../leads/schema';
import { invalidField, notFound } from '../http/errors';
import { containsPattern, listAnswer, orderBy, pageOffset } from '../http/list';
import { allow, route } from '../http/route';
import { placeRefs } from '../catalogue/store';

// ---------- contacts ----------

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** Contacts with at least one lead matching `where`. */
const withLead = (where: SQL) => sql`exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${where})`;

function contactFilters(q: Omit<ContactsQuery, 'filter'>): SQL | undefined {
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p ? or(ilike(contacts.name, p), ilike(contacts.phone, p), ilike(contacts.email, p)) : undefined,
    q.regions?.length ? withLead(sql`${leads.regions} && ${uuids(q.regions)}`) : undefined,
    q.destinations?.length ? withLead(sql`${leads.destinations} && ${uuids(q.destinations)}`) : undefined,
    q.query?.from || q.query?.to ? withLead(and(q.query.from ? gte(leads.queryDate, q.query.from) : undefined, q.query.to ? lte(leads.queryDate, q.query.to) : undefined)!) : undefined,
    q.group
      ? sql`exists (select 1 from ${contactGroupMembers} where ${contactGroupMembers.contactId} = ${contacts.id} and ${contactGroupMembers.groupId} = ${q.group})`
      : undefined,
  );
}

const lastQueryDate = sql<string | null>`(select max(${leads.queryDate}) from ${leads} where ${leads.contactId} = ${contacts.id})`;
const CONTACT_SORT = { name: sql`lower(${contacts.name})`, createdAt: contacts.createdAt, lastQueryDate };

/** The page's contacts with what their leads say: how many, the latest enquiry, their places. */
async function toContacts(tx: Tx, rows: (typeof contacts.$inferSelect)[]): Promise<Contact[]> {
  const ids = rows.map((r) => r.id);
  const ofLeads = ids.length
    ? await tx
        .select({ contactId: leads.contactId, regions: leads.regions, destinations: leads.destinations, queryDate: leads.queryDate })
        .from(leads)
        .where(inArray(leads.contactId, ids))
    : [];
  const places = await placeRefs(tx, ofLeads);
  return rows.map((c) => {
    const mine = ofLeads.filter((l) => l.contactId === c.id);
    return {
      _id: c.id,
      name: c.name,
      phone: c.phone,
      email: c.email,
      leadCount: mine.length,
      lastQueryDate: mine.reduce<string | null>((max, l) => (!max || l.queryDate > max ? l.queryDate : max), null),
      regions: places.regions([...new Set(mine.flatMap((l) => l.regions))]),
      destinations: places.destinations([...new Set(mine.flatMap((l) => l.destinations))]),
      createdAt: c.createdAt,
    };
  });
}

// ---------- groups ----------

async function toGroup(tx: Tx, row: typeof contactGroups.$inferSelect): Promise<ContactGroup> {
  const ids = await tx.select({ id: contactGroupMembers.contactId }).from(contactGroupMembers).where(eq(contactGroupMembers.groupId, row.id));
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    contactIds: ids.map((x) => x.id),
    contactCount: ids.length,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function lockGroup(tx: Tx, id: string) {
  const [row] = await tx.select().from(contactGroups).where(eq(contactGroups.id, id)).for('update');
  if (!row) throw notFound('Contact group');
  return row;
}

/** Replaces the group's members; every id must be one of the organization's contacts. */
async function setMembers(tx: Tx, groupId: string, contactIds: string[]) {
  if (contactIds.length) {
    const found = await tx.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, contactIds)).for('key share');
    if (found.length !== contactIds.length) {
      throw invalidField('contactIds', 'unknownReference', 'names a contact that does not exist', { kind: 'contact' });
    }
  }
  await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId));
  if (contactIds.length) await tx.insert(contactGroupMembers).values(contactIds.map((contactId) => ({ groupId, contactId })));
}

export const contactRoutes = [
  route({
    method: 'GET',
    path: '/contacts',
    answers: listAnswerOf(contactSchema),
    access: allow('contacts', 'view'),
    query: contactsQuery,
    async handler({ tx, query }) {
      const q = mergeFilter(query);
      const where = contactFilters(q);
      const rows = await tx
        .select({ contact: contacts })
        .from(contacts)
        .where(where)
        .orderBy(sql`${CONTACT_SORT[q.sortBy]} ${sql.raw(q.sortOrder)} nulls last`, asc(contacts.id))
        .limit(q.limit)
        .offset(pageOffset(q));
      const countAll = async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where))[0].n;
      const page = await listAnswer(q, rows, (r) => r.contact, countAll);
      return { ...page, data: await toContacts(tx, page.data) };
    },
  }),

  route({
    method: 'GET',
    path: '/contacts/groups',
    answers: listAnswerOf(contactGroupSchema),
    access: allow('contacts', 'view'),
    query: contactGroupsQuery,
    async handler({ tx, query }) {
      const where = query.search ? ilike(contactGroups.name, containsPattern(query.search)) : undefined;
      const count = sql<number>`(select count(*) from ${contactGroupMembers} where ${contactGroupMembers.groupId} = ${contactGroups.id})::int`;
      const rows = await tx
        .select({ group: contactGroups, contactCount: count })
        .from(contactGroups)
        .where(where)
        .orderBy(orderBy(query.sortBy === 'name' ? sql`lower(${contactGroups.name})` : contactGroups.createdAt, query.sortOrder), asc(contactGroups.id))
        .limit(query.limit)
        .offset(pageOffset(query));
      const countAll = async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(contactGroups).where(where))[0].n;
      const page = await listAnswer(query, rows, (r) => r, countAll);
      const ids = page.data.map((r) => r.group.id);
      const memberRows = ids.length
        ? await tx.select({ groupId: contactGroupMembers.groupId, contactId: contactGroupMembers.contactId }).from(contactGroupMembers).where(inArray(contactGroupMembers.groupId, ids))
        : [];
      return {
        ...page,
        data: page.data.map(
          ({ group, contactCount }): ContactGroup => ({
            _id: group.id,
            name: group.name,
            description: group.description,
            contactIds: memberRows.filter((m) => m.groupId === group.id).map((m) => m.contactId),
            contactCount,
            createdAt: group.createdAt,
            updatedAt: group.updatedAt,
          }),
        ),
      };
    },
  }),

  route({
    method: 'POST',
    path: '/contacts/groups',
    answers: contactGroupChangedSchema,
    access: allow('contacts', 'create'),
    body: createContactGroupInput,
    status: 201,
    async handler({ tx, body }) {
      const { contactIds, ...fields } = body;
      const [row] = await tx.insert(contactGroups).values(fields).returning();
      await setMembers(tx, row.id, contactIds ?? []);
      return { data: await toGroup(tx, row), message: 'Contact group created' };
    },
  }),

  route({
    method: 'GET',
    path: '/contacts/groups/:id',
    answers: itemAnswer(contactGroupSchema),
    access: allow('contacts', 'view'),
    params: idParams,
    async handler({ tx, params }) {
      const [row] = await tx.select().from(contactGroups).where(eq(contactGroups.id, params.id));
      if (!row) throw notFound('Contact group');
      return { data: await toGroup(tx, row) };
    },
  }),

  route({
    method: 'PUT',
    path: '/contacts/groups/:id',
    answers: contactGroupChangedSchema,
    access: allow('contacts', 'update'),
    params: idParams,
    body: updateContactGroupInput,
    async handler({ tx, params, body }) {
      await lockGroup(tx, params.id);
      const { contactIds, ...fields } = body;
      const [row] = await tx
        .update(contactGroups)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(contactGroups.id, params.id))
        .returning();
      if (contactIds) await setMembers(tx, row.id, contactIds);
      return { data: await toGroup(tx, row), message: 'Contact group updated' };
    },
  }),

  route({
    method: 'DELETE',
    path: '/contacts/groups/:id',
    answers: contactGroupChangedSchema,
    access: allow('contacts', 'delete'),
    params: idParams,
    async handler({ tx, params }) {
      const row = await lockGroup(tx, params.id);
      const group = await toGroup(tx, row);
      await tx.delete(contactGroups).where(eq(contactGroups.id, params.id));
      return { data: group, message: 'Contact group deleted' };
    },
  }),
];
