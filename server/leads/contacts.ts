import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orderedUuid } from '../db/ids';
import { conflict } from '../http/errors';
import { contacts } from './schema';

/*
 * The contact: the person behind leads and bookings. It is created with its leads (a lead's phone
 * or email finds it), so its table and its matching rules live here, with leads; the contacts area
 * lists contacts with their leads and keeps their groups. The table is in ./schema.ts.
 */

/** How contacts are matched: a phone by its digits, an email in lower case. */
export const phoneKey = (phone: string | null | undefined) => {
  // A loop, not a regular expression: an import keys tens of thousands of numbers.
  let digits = '';
  for (const ch of phone ?? '') if (ch >= '0' && ch <= '9') digits += ch;
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

/**
 * {@link contactFor} for many people at once (an import), in a few statements: each person gets
 * the contact with their phone number, else their email, else a new one (people of the batch who
 * share a key share the new contact); a key a matched contact lacks is filled in when no other
 * contact holds it. Answers the contact ids in the order of `people`.
 */
export async function contactsFor(tx: Tx, people: { name: string; phone?: string | null; email?: string | null }[]): Promise<string[]> {
  const keyed = people.map((p) => ({ ...p, pk: phoneKey(p.phone), ek: emailKey(p.email) }));
  const phones = [...new Set(keyed.flatMap((p) => (p.pk ? [p.pk] : [])))];
  const emails = [...new Set(keyed.flatMap((p) => (p.ek ? [p.ek] : [])))];
  type Held = { id: string; phoneKey: string | null; emailKey: string | null };
  const load = async (): Promise<Held[]> =>
    phones.length || emails.length
      ? tx
          .select({ id: contacts.id, phoneKey: contacts.phoneKey, emailKey: contacts.emailKey })
          .from(contacts)
          .where(sql`${contacts.phoneKey} = any(${sql.param(phones)}::text[]) or ${contacts.emailKey} = any(${sql.param(emails)}::text[])`)
      : Promise.resolve([]);
  const byPhone = new Map<string, Held>();
  const byEmail = new Map<string, Held>();
  const hold = (c: Held) => {
    if (c.phoneKey) byPhone.set(c.phoneKey, c);
    if (c.emailKey) byEmail.set(c.emailKey, c);
  };
  (await load()).forEach(hold);

  const created: (Held & { name: string; phone: string | null; email: string | null })[] = [];
  const fills = new Map<string, { id: string; phone?: string | null; phoneKey?: string; email?: string | null; emailKey?: string }>();
  const ids = keyed.map((p) => {
    const found = (p.pk && byPhone.get(p.pk)) || (p.ek && byEmail.get(p.ek)) || undefined;
    if (!found) {
      const c = { id: orderedUuid(), phoneKey: p.pk, emailKey: p.ek, name: p.name, phone: p.phone ?? null, email: p.email ?? null };
      created.push(c);
      hold(c);
      return c.id;
    }
    // The keys it lacks, when nobody else holds them (the batch's holders are all loaded).
    if (!found.phoneKey && p.pk && !byPhone.has(p.pk)) {
      found.phoneKey = p.pk;
      fills.set(found.id, { ...fills.get(found.id), id: found.id, phone: p.phone, phoneKey: p.pk });
      byPhone.set(p.pk, found);
    }
    if (!found.emailKey && p.ek && !byEmail.has(p.ek)) {
      found.emailKey = p.ek;
      fills.set(found.id, { ...fills.get(found.id), id: found.id, email: p.email, emailKey: p.ek });
      byEmail.set(p.ek, found);
    }
    return found.id;
  });

  if (created.length) {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into contacts (id, name, phone, email, phone_key, email_key)
      select x.id, x.name, x.phone, x.email, x."phoneKey", x."emailKey"
      from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as x(id uuid, name text, phone text, email text, "phoneKey" text, "emailKey" text)
      on conflict do nothing
      returning id`);
    const inserted = new Set(rows.map((r) => r.id));
    const lost = created.filter((c) => !inserted.has(c.id));
    if (lost.length) {
      // Someone else created some of these contacts at the same moment: theirs are the contacts.
      byPhone.clear();
      byEmail.clear();
      (await load()).forEach(hold);
      const theirs = new Map(lost.map((c) => [c.id, ((c.phoneKey && byPhone.get(c.phoneKey)) || (c.emailKey && byEmail.get(c.emailKey)) || undefined)?.id]));
      if ([...theirs.values()].some((id) => !id)) throw conflict('A contact was changed at the same time by another request; try again', 'CONCURRENT_UPDATE');
      for (const [i, id] of ids.entries()) ids[i] = theirs.get(id) ?? id;
      for (const id of theirs.keys()) fills.delete(id);
    }
  }
  if (fills.size) {
    await tx.execute(sql`
      update contacts c set
        phone = case when f."phoneKey" is not null then f.phone else c.phone end,
        phone_key = coalesce(f."phoneKey", c.phone_key),
        email = case when f."emailKey" is not null then f.email else c.email end,
        email_key = coalesce(f."emailKey", c.email_key),
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify([...fills.values()])}::jsonb) as f(id uuid, phone text, "phoneKey" text, email text, "emailKey" text)
      where c.id = f.id`);
  }
  return ids;
}
