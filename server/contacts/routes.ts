import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { mergeFilter } from '../../src/api/common/schemas';
import { contactEndpoints, type Contact, type ContactGroup, type ContactsQuery } from '../../src/api/contacts/contract';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { contactGroupMembers, contactGroups } from './schema';
import { contacts, leads } from '../leads';
import { invalidField, notFound } from '../http/errors';
import { containsPattern, listPage, orderBy } from '../http/list';
import { allow, route } from '../http/route';
import { placeRefs } from '../catalogue';
import { contactView, contactVisible, visibleContactLeads } from './store';

// ---------- contacts ----------

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
type ContactView = ReturnType<typeof contactView>;

/** The contact's leads that the caller may see (and that match `where`): filters and sorts over leads look only at those. */
const leadsOf = (view: ContactView, auth: AuthContext, where?: SQL) => and(sql`${leads.contactId} = ${view.id}`, visibleContactLeads(auth), where);

/** The caller's view of the contacts (server/contacts/store.ts), filtered as asked. */
function contactFilters(view: ContactView, auth: AuthContext, q: Omit<ContactsQuery, 'filter'>): SQL | undefined {
  const withLead = (where: SQL | undefined) => sql`exists (select 1 from ${leads} where ${leadsOf(view, auth, where)})`;
  const p = q.search ? containsPattern(q.search) : undefined;
  return and(
    p ? or(ilike(view.name, p), ilike(view.phone, p), ilike(view.email, p)) : undefined,
    q.regions?.length ? withLead(sql`${leads.regions} && ${uuids(q.regions)}`) : undefined,
    q.destinations?.length ? withLead(sql`${leads.destinations} && ${uuids(q.destinations)}`) : undefined,
    q.query?.from || q.query?.to ? withLead(and(q.query.from ? gte(leads.queryDate, q.query.from) : undefined, q.query.to ? lte(leads.queryDate, q.query.to) : undefined)) : undefined,
    q.group
      ? sql`exists (select 1 from ${contactGroupMembers} where ${contactGroupMembers.contactId} = ${view.id} and ${contactGroupMembers.groupId} = ${q.group})`
      : undefined,
  );
}

function contactSort(view: ContactView, auth: AuthContext, sortBy: ContactsQuery['sortBy']): SQL {
  if (sortBy === 'name') return sql`lower(${view.name})`;
  if (sortBy === 'createdAt') return view.createdAt;
  return sql`(select max(${leads.queryDate}) from ${leads} where ${leadsOf(view, auth)})`;
}

type ContactRow = { id: string; name: string; phone: string | null; email: string | null; createdAt: string };

/** The page's contacts with what the leads the caller may see say: how many, the latest enquiry, their places. */
async function toContacts(tx: Tx, auth: AuthContext, rows: ContactRow[]): Promise<Contact[]> {
  const ids = rows.map((r) => r.id);
  const ofLeads = ids.length
    ? await tx
        .select({ contactId: leads.contactId, regions: leads.regions, destinations: leads.destinations, queryDate: leads.queryDate })
        .from(leads)
        .where(and(inArray(leads.contactId, ids), visibleContactLeads(auth)))
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

/** The members of these groups that the caller may see (a group is the organization's; its members are shown as contacts are). */
async function visibleMembers(tx: Tx, auth: AuthContext, groupIds: string[]) {
  if (!groupIds.length) return [];
  return tx
    .select({ groupId: contactGroupMembers.groupId, contactId: contactGroupMembers.contactId })
    .from(contactGroupMembers)
    .where(and(inArray(contactGroupMembers.groupId, groupIds), contactVisible(auth, contactGroupMembers.contactId)));
}

async function toGroups(tx: Tx, auth: AuthContext, rows: (typeof contactGroups.$inferSelect)[]): Promise<ContactGroup[]> {
  const memberRows = await visibleMembers(
    tx,
    auth,
    rows.map((r) => r.id),
  );
  return rows.map((group) => {
    const contactIds = memberRows.filter((m) => m.groupId === group.id).map((m) => m.contactId);
    return {
      _id: group.id,
      name: group.name,
      description: group.description,
      contactIds,
      contactCount: contactIds.length,
      createdAt: group.createdAt,
      updatedAt: group.updatedAt,
    };
  });
}
const toGroup = async (tx: Tx, auth: AuthContext, row: typeof contactGroups.$inferSelect) => (await toGroups(tx, auth, [row]))[0];

async function lockGroup(tx: Tx, id: string) {
  const [row] = await tx.select().from(contactGroups).where(eq(contactGroups.id, id)).for('update');
  if (!row) throw notFound('Contact group');
  return row;
}

/**
 * Sets the group's members among the contacts the caller may see: every id must be one of them
 * (one he may not see is "does not exist", as another organization's); members he may not see
 * stay as they are.
 */
async function setMembers(tx: Tx, auth: AuthContext, groupId: string, contactIds: string[]) {
  if (contactIds.length) {
    const found = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(inArray(contacts.id, contactIds), contactVisible(auth, contacts.id)))
      .for('key share');
    if (found.length !== contactIds.length) {
      throw invalidField('contactIds', 'unknownReference', 'names a contact that does not exist', { kind: 'contact' });
    }
  }
  await tx.delete(contactGroupMembers).where(and(eq(contactGroupMembers.groupId, groupId), contactVisible(auth, contactGroupMembers.contactId)));
  if (contactIds.length) await tx.insert(contactGroupMembers).values(contactIds.map((contactId) => ({ groupId, contactId })));
}

export const contactRoutes = [
  route({
    endpoint: contactEndpoints.list,
    access: allow('contacts', 'view'),
    async handler({ tx, auth, query }) {
      const q = mergeFilter(query);
      const view = contactView(tx, auth);
      const where = contactFilters(view, auth, q);
      const page = await listPage(q, {
        rows: (limit, offset) =>
          tx
            .select({ id: view.id, name: view.name, phone: view.phone, email: view.email, createdAt: view.createdAt })
            .from(view.from)
            .where(where)
            .orderBy(sql`${contactSort(view, auth, q.sortBy)} ${sql.raw(q.sortOrder)} nulls last`, sql`${view.id}`)
            .limit(limit)
            .offset(offset),
        toItem: (r) => r,
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(view.from).where(where))[0].n,
      });
      return { ...page, data: await toContacts(tx, auth, page.data) };
    },
  }),

  route({
    endpoint: contactEndpoints.groups,
    access: allow('contacts', 'view'),
    async handler({ tx, auth, query }) {
      const where = query.search ? ilike(contactGroups.name, containsPattern(query.search)) : undefined;
      const page = await listPage(query, {
        rows: (limit, offset) =>
          tx
            .select()
            .from(contactGroups)
            .where(where)
            .orderBy(orderBy(query.sortBy === 'name' ? sql`lower(${contactGroups.name})` : contactGroups.createdAt, query.sortOrder), asc(contactGroups.id))
            .limit(limit)
            .offset(offset),
        toItem: (r) => r,
        count: async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(contactGroups).where(where))[0].n,
      });
      return { ...page, data: await toGroups(tx, auth, page.data) };
    },
  }),

  route({
    endpoint: contactEndpoints.createGroup,
    access: allow('contacts', 'create'),
    async handler({ tx, auth, body }) {
      const { contactIds, ...fields } = body;
      const [row] = await tx.insert(contactGroups).values(fields).returning();
      await setMembers(tx, auth, row.id, contactIds ?? []);
      return { data: await toGroup(tx, auth, row), message: 'Contact group created' };
    },
  }),

  route({
    endpoint: contactEndpoints.group,
    access: allow('contacts', 'view'),
    async handler({ tx, auth, params }) {
      const [row] = await tx.select().from(contactGroups).where(eq(contactGroups.id, params.id));
      if (!row) throw notFound('Contact group');
      return { data: await toGroup(tx, auth, row) };
    },
  }),

  route({
    endpoint: contactEndpoints.updateGroup,
    access: allow('contacts', 'update'),
    async handler({ tx, auth, params, body }) {
      await lockGroup(tx, params.id);
      const { contactIds, ...fields } = body;
      const [row] = await tx
        .update(contactGroups)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(contactGroups.id, params.id))
        .returning();
      if (contactIds) await setMembers(tx, auth, row.id, contactIds);
      return { data: await toGroup(tx, auth, row), message: 'Contact group updated' };
    },
  }),

  route({
    endpoint: contactEndpoints.removeGroup,
    access: allow('contacts', 'delete'),
    async handler({ tx, auth, params }) {
      const row = await lockGroup(tx, params.id);
      const group = await toGroup(tx, auth, row);
      await tx.delete(contactGroups).where(eq(contactGroups.id, params.id));
      return { data: group, message: 'Contact group deleted' };
    },
  }),
];
