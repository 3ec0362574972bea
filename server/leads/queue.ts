import { stateIn } from '../db/state-check';
import { sql } from 'drizzle-orm';
import { leadMachine, LEAD_EVENTS, OPEN_LEAD_STATES, type LeadEvent } from '../../src/machines/lead-machine';
import type { AuthContext } from '../auth/session';
import { at, type QueueActionDef, type QueueKind } from '../work-queue';
import { followUps, leads } from './schema';
import { followUpDueIn, visibleLeads } from './store';

/**
 * The leads' kinds of work (docs/work-queue.md): follow-ups due today or missed, and open leads
 * nobody owns. "My day" shows both from here (server/dashboard/routes.ts).
 */

const event = (type: LeadEvent['type']) => LEAD_EVENTS.find((e) => e.type === type)!;
/** The lead machine's events with a call (`PUT /leads/{id}/status`); WIN is a booking's. */
const leadActions: QueueActionDef<typeof leadMachine>[] = [
  { event: event('CONTACT'), needs: ['leads', 'update'], main: true },
  { event: event('QUALIFY'), needs: ['leads', 'update'] },
  { event: event('QUOTE'), needs: ['leads', 'update'] },
  { event: event('LOSE'), needs: ['leads', 'update'], input: 'reason' },
  { event: event('REOPEN'), needs: ['leads', 'update'] },
];

const openLead = sql`${stateIn(leads.status, OPEN_LEAD_STATES)}`;
const visible = (auth: AuthContext) => visibleLeads(auth) ?? sql`true`;
/** Those who give leads out: every lead in sight (SPEC workflow 1). */
export const givesLeadsOut = (auth: AuthContext) => auth.role.isOwner || auth.role.visibility.leads === 'all';

/**
 * An open lead (the machine's `open` tag) with an open follow-up due before tomorrow (the
 * organization's), once per lead and assignee: the earliest (docs/work-queue.md "Whose follow-up").
 * `followUpMissed` once its time has passed. A follow-up is its assignee's call, so the kind is
 * personal: a person sees their own, and one who sees every lead may ask for another's. My day's
 * "Follow-ups due today" and "Missed follow-ups" are its two reasons (server/dashboard/routes.ts),
 * the leads list's `today` / `missed` views for one member the same rows ({@link followUpDueIn}).
 */
export const followUpDue: QueueKind<typeof leadMachine> = {
  kind: 'followUpDue',
  record: 'lead',
  priority: 'high',
  needs: [['leads', 'view']],
  scope: 'leads',
  personal: true,
  machine: leadMachine,
  actions: leadActions,
  source(s) {
    const t = at(s);
    const f = followUps;
    const bounds = { now: t.now, tomorrow: t.startOf(t.tomorrow) };
    // Open, on an open lead, its lead's earliest open one for its assignee: kept on the follow-up by
    // the database (`in_queue`, 0049), so a person's are a range on follow_ups_queue_idx; the lead (a
    // left join: it is always there) is read for the items shown, and for own visibility.
    return {
      from: sql`${f} left join ${leads} on ${leads.id} = ${f.leadId}`,
      where: sql`${f.inQueue} and ${followUpDueIn('todayAndMissed', f.dueAt, bounds)} and ${visible(s.auth)}`,
      whose: (m) => sql`${f.assigneeId} = ${m}::uuid`,
      columns: {
        recordId: sql`${f.leadId}`,
        ref: sql`${leads.name}`,
        title: sql`coalesce(${f.note}, ${leads.phone}, ${leads.email}, '')`,
        state: sql`${leads.status}`,
        due: { instant: sql`${f.dueAt}` },
        assignee: sql`${f.assigneeId}`,
        reason: sql`case when ${followUpDueIn('missed', f.dueAt, bounds)} then 'followUpMissed' else 'followUpDue' end`,
        params: sql`jsonb_build_object('followUpId', ${f.id})`,
      },
    };
  },
};

/** An open lead nobody owns, for those who give leads out (leads update, every lead in sight), the oldest first. */
export const leadToAssign: QueueKind<typeof leadMachine> = {
  kind: 'leadToAssign',
  record: 'lead',
  priority: 'normal',
  needs: [['leads', 'update']],
  for: givesLeadsOut,
  scope: 'leads',
  kept: true,
  machine: leadMachine,
  actions: leadActions,
  source() {
    return {
      from: sql`${leads}`,
      where: sql`${leads.assignedTo} is null and ${openLead}`,
      columns: {
        recordId: sql`${leads.id}`,
        ref: sql`${leads.name}`,
        title: sql`coalesce(${leads.phone}, ${leads.email}, '')`,
        state: sql`${leads.status}`,
        due: { instant: sql`${leads.createdAt}` },
        params: sql`jsonb_build_object('source', ${leads.source})`,
      },
    };
  },
};

export const leadQueueKinds = [followUpDue, leadToAssign];
