import { can, type Action, type ModuleKey } from '../../src/api/permissions';
import { dashboardEndpoints, MY_DAY_LIMIT, type MyDay, type MyDayCard, type MyDayCardKey, type MyDayItem } from '../../src/api/dashboard/contract';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { allow, route } from '../http/route';
import type { QueueReason, WorkQueueItem, WorkQueueKind } from '../../src/api/work-queue/contract';
import { leadsWaitingLongest, newLeadsOf } from '../leads';
import { vendorsWithoutBankDetails } from '../vendors';
import { queueCard } from '../work-queue';
import type { AppServices } from '../services';

interface CardSource {
  key: MyDayCardKey;
  /** The permission the card's records need (checked before anything is read). */
  needs: [ModuleKey, Action];
  /** Beyond the permission: whose card it is (all-leads visibility to give leads out). */
  for?: (auth: AuthContext) => boolean;
  /** Shown even when empty ("nothing due") to those whose daily work it is; to others only when it holds something. */
  always?: (auth: AuthContext) => boolean;
  load: (tx: Tx, auth: AuthContext, services: AppServices) => Promise<Omit<MyDayCard, 'key'>>;
}

const sales = (auth: AuthContext) => auth.department === 'sales';
const allLeads = (auth: AuthContext) => auth.role.isOwner || auth.role.visibility.leads === 'all';

/** A queue item as a card's line: its record, when it is due, its state (`missed` for a follow-up whose time has passed). */
const lineOf = (item: WorkQueueItem): MyDayItem => ({
  _id: item.record._id,
  name: item.record.ref,
  at: item.due,
  status: item.reason.code === 'followUpMissed' ? 'missed' : item.reason.code === 'followUpDue' ? null : item.state,
});

/**
 * A card that is a view of one kind of the work queue, or of one of its reasons: the queue's own
 * definition chooses its records (docs/work-queue.md).
 */
const fromQueue =
  (kind: WorkQueueKind, reason?: QueueReason) =>
  async (tx: Tx, auth: AuthContext, services: AppServices): Promise<Omit<MyDayCard, 'key'>> => {
    const card = await queueCard(tx, auth, services.clock, kind, MY_DAY_LIMIT, reason);
    return { total: card?.total ?? 0, items: (card?.items ?? []).map(lineOf) };
  };

/**
 * The cards of "My day", in the order they are shown. Work that is due is the work queue's (a view
 * of one of its kinds: `fromQueue`); the pipeline's views (new leads, leads waiting) and the
 * vendors to complete are the start page's own. A card on the screen: src/features/dashboard/my-day-cards.tsx.
 */
const CARDS: CardSource[] = [
  // Due today and missed apart: the queue's follow-ups (`followUpDue`) by reason, still to come today
  // or missed; each what its "See all" lists (issue 27: the leads list's today / missed views of the
  // member's follow-ups read the same rows, server/leads/store.ts followUpWindow).
  { key: 'followUps', needs: ['leads', 'view'], always: sales, load: fromQueue('followUpDue', 'followUpDue') },
  { key: 'missedFollowUps', needs: ['leads', 'view'], load: fromQueue('followUpDue', 'followUpMissed') },
  { key: 'newLeads', needs: ['leads', 'view'], always: sales, load: (tx, auth) => newLeadsOf(tx, auth, MY_DAY_LIMIT) },
  { key: 'waitingLeads', needs: ['leads', 'view'], always: sales, load: (tx, auth) => leadsWaitingLongest(tx, auth, MY_DAY_LIMIT) },
  { key: 'leadsToAssign', needs: ['leads', 'update'], for: allLeads, always: () => true, load: fromQueue('leadToAssign') },
  { key: 'vendorsToComplete', needs: ['vendors', 'update'], load: (tx) => vendorsWithoutBankDetails(tx, MY_DAY_LIMIT) },
  { key: 'departuresToFill', needs: ['groupTours', 'update'], load: fromQueue('departureShort') },
];

export const dashboardRoutes = [
  route({
    endpoint: dashboardEndpoints.myDay,
    access: allow('dashboard', 'view'),
    async handler({ tx, auth, services }): Promise<{ data: MyDay }> {
      const cards: MyDayCard[] = [];
      // One after another: they share the request's transaction (and connection).
      for (const source of CARDS) {
        if (!can(auth.role.permissions, ...source.needs) || (source.for && !source.for(auth))) continue;
        const card = { key: source.key, ...(await source.load(tx, auth, services)) };
        if (card.total > 0 || source.always?.(auth)) cards.push(card);
      }
      return { data: { cards } };
    },
  }),
];
