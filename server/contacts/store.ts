import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/session';
import { visibleTo } from '../auth/visibility';
import type { Tx } from '../db/client';
import { conflict } from '../http/errors';
import { leads } from '../leads/schema';
import { contacts } from './schema';

/**
 * Contacts follow the leads they belong to. With "own" lead visibility a member sees a contact
 * only through a lead he may see, and sees of it only what those leads say: the name, phone and
 * email of his newest lead of that person, the count, enquiry days and places of his leads. A
 * contact is shared by every lead of the person (one per phone or email), so what a colleague's
 * lead brought to it (its first name, an email) never reaches him through it. With "all" (and
 * the Owner) a member sees every contact as stored.
 */
export const visibleContactLeads = (auth: AuthContext) => visibleTo(auth, 'leads', leads.assignedTo);

/** A condition on a contact id column: the caller may see that contact. Undefined: every contact. */
export function contactVisible(auth: AuthContext, contactId: AnyPgColumn): SQL | undefined {
  const scope = visibleContactLeads(auth);
  return scope && sql`exists (select 1 from ${leads} where ${leads.contactId} = ${contactId} and ${scope})`;
}

const VIEW = 'contact_view';
// Qualified by hand: Drizzle prints a subquery's fields unqualified, and inside a subquery over
// leads an unqualified "id" would be the lead's.
const viewColumn = <T>(name: string) => sql<T>`${sql.identifier(VIEW)}.${sql.identifier(name)}`;

/**
 * The contacts the caller may see, as he may see them (see {@link visibleContactLeads}): `from`
 * to select from, and its columns `id`, `name`, `phone`, `email`, `createdAt` to select, filter
 * and sort on.
 */
export function contactView(tx: Tx, auth: AuthContext) {
  return {
    from: contactRows(tx, auth),
    id: viewColumn<string>('id'),
    name: viewColumn<string>('name'),
    phone: viewColumn<string | null>('phone'),
    email: viewColumn<string | null>('email'),
    createdAt: viewColumn<string>('created_at'),
  };
}

function contactRows(tx: Tx, auth: AuthContext) {
  const scope = visibleContactLeads(auth);
  if (!scope) {
    return tx
      .select({
        id: sql<string>`${contacts.id}`.as('id'),
        name: sql<string>`${contacts.name}`.as('name'),
        phone: sql<string | null>`${contacts.phone}`.as('phone'),
        email: sql<string | null>`${contacts.email}`.as('email'),
        createdAt: sql<string>`${contacts.createdAt}`.as('created_at'),
      })
      .from(contacts)
      .as(VIEW);
  }
  const newest = (column: AnyPgColumn) => sql`(array_agg(${column} order by ${leads.createdAt} desc, ${leads.id} desc) filter (where ${column} is not null))[1]`;
  return tx
    .select({
      id: sql<string>`${leads.contactId}`.as('id'),
      name: sql<string>`${newest(leads.name)}`.as('name'),
      phone: sql<string | null>`${newest(leads.phone)}`.as('phone'),
      email: sql<string | null>`${newest(leads.email)}`.as('email'),
      // When he first had a lead of this person, not when a colleague's lead made the contact.
      createdAt: sql<string>`min(${leads.createdAt})`.as('created_at'),
    })
    .from(leads)
    .where(and(isNotNull(leads.contactId), scope))
    .groupBy(leads.contactId)
    .as(VIEW);
}

/** How contacts are matched: a phone by its digits, an email in lower case. */
export const phoneKey = (phone: string | null | undefined) => {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length ? digits : null;
};

export const emailKey = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);

/**
 * The contact for a person: the one with the same phone number (digits only), else the same email,
 * else a new one. A key the contact lacks is filled in when no other contact holds it, unless
 * `changeExisting` is false (an anonymous caller, the website form, never changes a record that
 * exists: its lead joins the contact as it is, for staff to merge).
 */
export async function contactFor(
  tx: Tx,
  person: { name: string; phone?: string | null; email?: string | null },
  { changeExisting = true }: { changeExisting?: boolean } = {},
): Promise<string> {
  const pk = phoneKey(person.phone);
  const ek = emailKey(person.email);
  const find = async () => {
    const rows = await tx
      .select({ id: contacts.id, phoneKey: contacts.phoneKey, emailKey: contacts.emailKey })
      .from(contacts)
      .where(sql`${pk !== null ? sql`${contacts.phoneKey} = ${pk}` : sql`false`} or ${ek !== null ? sql`${contacts.emailKey} = ${ek}` : sql`false`}`)
      .orderBy(sql`${contacts.phoneKey} is not distinct from ${pk} desc`)
      .limit(1);
    return rows[0];
  };
  let found = await find();
  if (!found) {
    const [created] = await tx
      .insert(contacts)
      .values({ name: person.name, phone: person.phone ?? null, email: person.email ?? null, phoneKey: pk, emailKey: ek })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    if (created) return created.id;
    found = await find(); // someone else created it at the same moment
    if (!found) throw conflict('The contact was changed at the same time by another request; try again', 'CONCURRENT_UPDATE');
  }
  if (!changeExisting) return found.id;
  const fill: Record<string, unknown> = {};
  if (!found.phoneKey && pk) Object.assign(fill, { phone: person.phone, phoneKey: pk });
  if (!found.emailKey && ek) Object.assign(fill, { email: person.email, emailKey: ek });
  if (Object.keys(fill).length) {
    const taken = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(sql`(${fill.phoneKey ? sql`${contacts.phoneKey} = ${pk}` : sql`false`} or ${fill.emailKey ? sql`${contacts.emailKey} = ${ek}` : sql`false`}) and ${contacts.id} <> ${found.id}`)
      .limit(1);
    if (!taken.length) await tx.update(contacts).set({ ...fill, updatedAt: sql`now()` }).where(eq(contacts.id, found.id));
  }
  return found.id;
}
