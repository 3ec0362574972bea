import { NOT_IN_FUTURE, type CreateLeadInput } from '../../src/api/leads/contract';
import type { LeadActivityType } from '../../src/api/leads/contract';
import type { Tx } from '../db/client';
import { leadQueries, leads } from './schema';
import { moduleSettings } from '../admin';
import { addFollowUp, assertSalesMember, leadLink, logLeadEvent, nextInRotation, type LeadRow } from './store';
import { assertPlaces } from '../catalogue';
import { contactFor } from './contacts';
import { organizationTimeZone, todayIn } from '../db/clock';
import { invalidField } from '../http/errors';
import { notify } from '../notifications';

export interface CreateLeadOptions {
  /** Who creates it: a member, or null for the website form. */
  actor: { id: string; department: string } | null;
  /** The first line of the timeline. */
  event: Extract<LeadActivityType, 'created' | 'captured' | 'imported'>;
  /** The person's contact when the caller found it already; else found or made from the lead's phone and email. */
  contactId?: string;
}

/**
 * A new lead (staff, import or the website form), in the caller's transaction: references checked,
 * the contact found or made, the source (given, else the organization's default), the owner (given;
 * else the creating sales member; else, when the organization rotates leads, the next sales member
 * in turn; `null` given keeps it unassigned), the first enquiry and follow-up, the timeline and the
 * owner's notification.
 */
export async function createLead(tx: Tx, input: CreateLeadInput, { actor, event, contactId }: CreateLeadOptions): Promise<LeadRow> {
  await assertPlaces(tx, input);
  if (input.query) await assertPlaces(tx, input.query, 'query.');
  const settings = await moduleSettings(tx, 'leads');
  let owner: string | null = null;
  if (input.assignedTo) {
    await assertSalesMember(tx, input.assignedTo);
    owner = input.assignedTo;
  } else if (input.assignedTo === undefined && actor?.department === 'sales') owner = actor.id;
  else if (input.assignedTo === undefined && settings.autoAssignRoundRobin) owner = await nextInRotation(tx);
  const today = await todayIn(tx, await organizationTimeZone(tx));
  if (input.queryDate && input.queryDate > today) throw invalidField('queryDate', 'inFuture', NOT_IN_FUTURE);
  const queryDate = input.queryDate ?? today;
  const [lead] = await tx
    .insert(leads)
    .values({
      name: input.name,
      phone: input.phone ?? null,
      email: input.email ?? null,
      source: input.source ?? settings.defaultSource,
      comment: input.comment ?? null,
      regions: input.regions ?? [],
      destinations: input.destinations ?? [],
      queryDate,
      assignedTo: owner,
      contactId: contactId ?? (await contactFor(tx, input)),
      createdBy: actor?.id ?? null,
    })
    .returning();
  await logLeadEvent(tx, lead.id, event, { source: lead.source }, actor?.id ?? null);
  if (input.query) {
    const [q] = await tx
      .insert(leadQueries)
      .values({ ...input.query, leadId: lead.id, createdBy: actor?.id ?? null })
      .returning({ id: leadQueries.id });
    await logLeadEvent(tx, lead.id, 'query', { queryId: q.id }, actor?.id ?? null);
  }
  if (input.followUp) await addFollowUp(tx, lead, { dueAt: input.followUp, assigneeId: owner ?? actor?.id ?? null }, actor?.id ?? null);
  if (owner && owner !== actor?.id) {
    await notify(tx, owner, {
      type: 'lead-assigned',
      title: `New lead assigned to you: ${lead.name}`,
      body: null,
      message: { key: 'leadAssignedNew', params: { lead: lead.name } },
      link: leadLink(lead.id),
    });
  }
  return lead;
}
