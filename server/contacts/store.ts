import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/session';
import { visibleTo } from '../auth/visibility';
import type { Tx } from '../db/client';
import { contacts, leads } from '../leads';

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

