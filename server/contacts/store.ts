import { sql, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { conflict } from '../http/errors';
import { contacts } from './schema';

/** How contacts are matched: a phone by its digits, an email in lower case. */
export const phoneKey = (phone: string | null | undefined) => {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length ? digits : null;
};

export const emailKey = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);

/**
 * The contact for a person: the one with the same phone number (digits only), else the same email,
 * else a new one. A key the contact lacks is filled in when no other contact holds it.
 */
export async function contactFor(tx: Tx, person: { name: string; phone?: string | null; email?: string | null }): Promise<string> {
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
