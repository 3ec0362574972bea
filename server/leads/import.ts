import { orderedUuid } from '../db/ids';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { NOT_IN_FUTURE, leadImportRow, type LeadImportRow } from '../../src/api/leads/contract';
import type { LeadSource } from '../../src/api/leads/constants';
import { moduleSettings } from '../admin';
import { activeMember } from '../auth/members';
import { members } from '../auth/schema';
import { assertPlaces, DESTINATION, REGION } from '../catalogue';
import { contactsFor, emailKey, phoneKey } from './contacts';
import type { Tx } from '../db/client';
import { todayIn } from '../db/clock';
import { rejectRow, type Importer, type RowPlan } from '../http/import';
import { referenceResolver } from '../http/records';
import { enqueueJobs } from '../jobs/queue';
import { notifications } from '../notifications';
import { leads } from './schema';
import { FOLLOW_UP_DUE_JOB, leadLink, turnsInRotation, visibleLeadKeys } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A planned lead: references resolved; `owner` undefined when the row names none (the organization's rules decide). */
interface LeadValues {
  name: string;
  phone: string | null;
  email: string | null;
  source: LeadSource;
  comment: string | null;
  regions: string[];
  destinations: string[];
  queryDate: string | null;
  owner: string | null | undefined;
  followUp: string | null;
}

/** The active sales members the rows name as owner (by id or email), in one query. */
async function ownersNamed(tx: Tx, keys: string[]) {
  const wanted = [...new Set(keys.map((k) => k.toLowerCase()))];
  const rows = wanted.length
    ? await tx
        .select({ id: members.id, email: members.email })
        .from(members)
        .where(
          and(
            eq(members.department, 'sales'),
            activeMember(),
            or(inArray(sql`lower(${members.email})`, wanted), inArray(members.id, wanted.filter((k) => UUID.test(k)))),
          ),
        )
    : [];
  return (key: string) => rows.find((o) => o.id === key.toLowerCase() || o.email.toLowerCase() === key.toLowerCase())?.id;
}

/**
 * `POST /leads/import`: each row creates a lead (source `import` unless the row says), never
 * changes one: a row whose phone number or email already belongs to a lead the importer may see
 * is skipped as a duplicate. Regions and destinations are named by id, slug or name; the owner by member id or
 * email (an active sales member); `queryDate` and `followUp` in spreadsheet forms (import-dates.ts,
 * local times in the organization's time zone). Rows are written in bulk: contacts, leads, the
 * timeline, follow-ups, their reminder jobs and the owners' notifications, a few statements a chunk.
 */
export const leadImporter: Importer<LeadImportRow, LeadValues> = {
  kind: 'lead',
  rowSchema: leadImportRow,
  dateFields: ['queryDate'],
  instantFields: ['followUp'],
  chunkSize: 2500,
  keys: (input) => [
    ...(phoneKey(input.phone) ? [['phone', phoneKey(input.phone)!] as [string, string]] : []),
    ...(emailKey(input.email) ? [['email', emailKey(input.email)!] as [string, string]] : []),
  ],

  async plan(tx, chunk, { auth, timeZone }) {
    const today = await todayIn(tx, timeZone);
    const regionOf = await referenceResolver(tx, REGION, chunk.flatMap((c) => c.input.regions ?? []));
    const destinationOf = await referenceResolver(tx, DESTINATION, chunk.flatMap((c) => c.input.destinations ?? []));
    const ownerOf = await ownersNamed(tx, chunk.flatMap((c) => (c.input.assignedTo ? [c.input.assignedTo] : [])));
    const keyed = chunk.map(({ input }) => ({ input, pk: phoneKey(input.phone), ek: emailKey(input.email) }));
    // Duplicates only among the leads the importer may see: with "own" visibility the report must not
    // tell him what a colleague's leads hold (such a row is imported and joins the person's contact).
    const taken = await visibleLeadKeys(tx, auth, { phones: keyed.flatMap((k) => k.pk ?? []), emails: keyed.flatMap((k) => k.ek ?? []) });
    return keyed.map(({ input, pk, ek }): RowPlan<LeadValues> => {
      if (pk && taken.phones.has(pk)) return { action: 'skip', code: 'DUPLICATE', params: { field: 'phone' }, reason: `duplicate: a lead with the phone number ${input.phone} already exists` };
      if (ek && taken.emails.has(ek)) return { action: 'skip', code: 'DUPLICATE', params: { field: 'email' }, reason: `duplicate: a lead with the email ${input.email} already exists` };
      if (input.queryDate && input.queryDate > today) return rejectRow('queryDate', 'inFuture', NOT_IN_FUTURE);
      const unknownRegion = input.regions?.find((r) => !regionOf(r));
      if (unknownRegion) return rejectRow('regions', 'unknownReference', `"${unknownRegion}" is not a known region`, { kind: 'region' });
      const unknownDestination = input.destinations?.find((d) => !destinationOf(d));
      if (unknownDestination) return rejectRow('destinations', 'unknownReference', `"${unknownDestination}" is not a known destination`, { kind: 'destination' });
      const owner = input.assignedTo ? ownerOf(input.assignedTo) : input.assignedTo;
      if (input.assignedTo && !owner) return rejectRow('assignedTo', 'notSalesMember', `${input.assignedTo} is not an active member of the sales department`);
      return {
        action: 'create',
        values: {
          name: input.name,
          phone: input.phone ?? null,
          email: input.email ?? null,
          source: input.source ?? 'import',
          comment: input.comment ?? null,
          regions: [...new Set(input.regions?.map((r) => regionOf(r)!) ?? [])],
          destinations: [...new Set(input.destinations?.map((d) => destinationOf(d)!) ?? [])],
          queryDate: input.queryDate ?? null,
          owner,
          followUp: input.followUp ?? null,
        },
      };
    });
  },

  async write(tx, creates, _updates, { auth, timeZone }) {
    if (!creates.length) return;
    const actor = auth.memberId;
    const settings = await moduleSettings(tx, 'leads');
    const today = await todayIn(tx, timeZone);
    // Referenced places stay until the import commits (as createLead's assertPlaces keeps them).
    await assertPlaces(tx, {
      regions: [...new Set(creates.flatMap((c) => c.values.regions))],
      destinations: [...new Set(creates.flatMap((c) => c.values.destinations))],
    });

    // Owners as createLead gives them: the row's; else a sales member importing; else the rotation.
    const unowned = creates.filter((c) => c.values.owner === undefined);
    const rotating = auth.department !== 'sales' && settings.autoAssignRoundRobin;
    const turns = rotating ? await turnsInRotation(tx, unowned.length) : [];
    const ownerOf = new Map(creates.map((c) => [c.id, c.values.owner ?? null]));
    unowned.forEach((c, i) => ownerOf.set(c.id, auth.department === 'sales' ? actor : (turns[i] ?? null)));

    const contactIds = await contactsFor(tx, creates.map((c) => c.values));
    const rows = creates.map((c, i) => ({
      id: c.id,
      name: c.values.name,
      phone: c.values.phone,
      email: c.values.email,
      source: c.values.source,
      comment: c.values.comment,
      regions: c.values.regions,
      destinations: c.values.destinations,
      queryDate: c.values.queryDate ?? today,
      assignedTo: ownerOf.get(c.id),
      contactId: contactIds[i],
      followUp: c.values.followUp,
      followUpId: c.values.followUp ? orderedUuid() : null,
    }));
    const doc = JSON.stringify(rows);
    await tx.execute(sql`
      insert into leads (id, name, phone, email, source, comment, regions, destinations, query_date, assigned_to, contact_id, created_by, next_follow_up_at)
      select x.id, x.name, x.phone, x.email, x.source, x.comment, x.regions, x.destinations, x."queryDate", x."assignedTo", x."contactId", ${actor}::uuid, x."followUp"::timestamptz
      from jsonb_to_recordset(${doc}::jsonb) as x(id uuid, name text, phone text, email text, source text, comment text,
        regions uuid[], destinations uuid[], "queryDate" date, "assignedTo" uuid, "contactId" uuid, "followUp" text)`);
    // The timeline: clock_timestamp() per row keeps each lead's lines in order (imported, then its follow-up).
    const uuids = (values: (string | null | undefined)[]) => sql`${sql.param(values)}::uuid[]`;
    await tx.execute(sql`
      insert into lead_events (id, lead_id, type, data, actor_id, created_at)
      select e.id, e.lead, 'imported', jsonb_build_object('source', e.source), ${actor}::uuid, clock_timestamp()
      from unnest(${uuids(rows.map(() => orderedUuid()))}, ${uuids(rows.map((r) => r.id))}, ${sql.param(rows.map((r) => r.source))}::text[]) as e(id, lead, source)`);

    const followed = rows.filter((r) => r.followUpId);
    if (followed.length) {
      const f = sql`unnest(${uuids(followed.map((r) => r.followUpId))}, ${uuids(followed.map((r) => r.id))}, ${sql.param(followed.map((r) => r.followUp))}::text[],
        ${uuids(followed.map((r) => r.assignedTo ?? actor))}, ${uuids(followed.map(() => orderedUuid()))}) as f(id, lead, due, assignee, event)`;
      await tx.execute(sql`insert into follow_ups (id, lead_id, due_at, assignee_id, created_by) select f.id, f.lead, f.due::timestamptz, f.assignee, ${actor}::uuid from ${f}`);
      await tx.execute(sql`
        insert into lead_events (id, lead_id, type, data, actor_id, created_at)
        select f.event, f.lead, 'followUp', jsonb_build_object('followUpId', f.id, 'dueAt', f.due, 'note', null, 'assigneeId', f.assignee), ${actor}::uuid, clock_timestamp()
        from ${f}`);
      const lead = settings.followUpReminderMinutes * 60_000;
      await enqueueJobs(
        tx,
        followed.map((r) => ({
          kind: FOLLOW_UP_DUE_JOB,
          key: `${FOLLOW_UP_DUE_JOB}:${r.followUpId}`,
          runAt: new Date(Date.parse(r.followUp!) - lead).toISOString(),
          payload: { followUpId: r.followUpId },
        })),
      );
    }
  },

  /** One bell item per owner and import, not one per lead: an import may give someone hundreds. */
  async finish(tx, written, { auth }) {
    const owners = await tx
      .select({ memberId: leads.assignedTo, n: sql<number>`count(*)::int`, id: sql<string>`min(${leads.id}::text)`, name: sql<string>`min(${leads.name})` })
      .from(leads)
      .where(and(sql`${leads.id} = any(${sql.param(written.map((w) => w.id))}::uuid[])`, sql`${leads.assignedTo} <> ${auth.memberId}`))
      .groupBy(leads.assignedTo);
    if (!owners.length) return;
    await tx.insert(notifications).values(
      owners.map(({ memberId, n, id, name }): typeof notifications.$inferInsert =>
        n === 1
          ? { memberId: memberId!, type: 'lead-assigned' as const, title: `New lead assigned to you: ${name}`, body: null, message: { key: 'leadAssignedNew', params: { lead: name } }, link: leadLink(id) }
          : {
              memberId: memberId!,
              type: 'lead-assigned' as const,
              title: `${n} imported leads assigned to you`,
              body: null,
              message: { key: 'leadsImported', params: { count: n } },
              link: `/leads?assignedTo=${memberId}`,
            },
      ),
    );
  },
};
