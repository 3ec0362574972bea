import { can, type Action, type ModuleKey } from '../../src/api/permissions';
import { MY_DAY_LIMIT, myDaySchema, type MyDay, type MyDayCard, type MyDayCardKey } from '../../src/api/dashboard/contract';
import { itemAnswer } from '../../src/api/common/schemas';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { allow, route } from '../http/route';
import { followUpsDueToday, leadsToAssign, leadsWaitingLongest, newLeadsOf } from '../leads';
import { departuresToFill } from '../tours';
import { vendorsWithoutBankDetails } from '../vendors';

interface CardSource {
  key: MyDayCardKey;
  /** The permission the card's records need (checked before anything is read). */
  needs: [ModuleKey, Action];
  /** Beyond the permission: whose card it is (all-leads visibility to give leads out). */
  for?: (auth: AuthContext) => boolean;
  /** Shown even when empty ("nothing due") to those whose daily work it is; to others only when it holds something. */
  always?: (auth: AuthContext) => boolean;
  load: (tx: Tx, auth: AuthContext) => Promise<Omit<MyDayCard, 'key'>>;
}

const sales = (auth: AuthContext) => auth.department === 'sales';
const allLeads = (auth: AuthContext) => auth.role.isOwner || auth.role.visibility.leads === 'all';

/**
 * The cards of "My day", in the order they are shown. A coming area (payments to verify for
 * finance, trips to prepare for operations, cancellations to approve) adds one line here, a query
 * in its store.ts and a card on the screen (src/features/dashboard/my-day-cards.tsx).
 */
const CARDS: CardSource[] = [
  { key: 'followUps', needs: ['leads', 'view'], always: sales, load: (tx, auth) => followUpsDueToday(tx, auth, MY_DAY_LIMIT) },
  { key: 'newLeads', needs: ['leads', 'view'], always: sales, load: (tx, auth) => newLeadsOf(tx, auth, MY_DAY_LIMIT) },
  { key: 'waitingLeads', needs: ['leads', 'view'], always: sales, load: (tx, auth) => leadsWaitingLongest(tx, auth, MY_DAY_LIMIT) },
  { key: 'leadsToAssign', needs: ['leads', 'update'], for: allLeads, always: () => true, load: (tx) => leadsToAssign(tx, MY_DAY_LIMIT) },
  { key: 'vendorsToComplete', needs: ['vendors', 'update'], load: (tx) => vendorsWithoutBankDetails(tx, MY_DAY_LIMIT) },
  { key: 'departuresToFill', needs: ['groupTours', 'update'], load: (tx) => departuresToFill(tx, MY_DAY_LIMIT) },
];

export const dashboardRoutes = [
  route({
    method: 'GET',
    path: '/dashboard/my-day',
    answers: itemAnswer(myDaySchema),
    access: allow('dashboard', 'view'),
    async handler({ tx, auth }): Promise<{ data: MyDay }> {
      const cards: MyDayCard[] = [];
      // One after another: they share the request's transaction (and connection).
      for (const source of CARDS) {
        if (!can(auth.role.permissions, ...source.needs) || (source.for && !source.for(auth))) continue;
        const card = { key: source.key, ...(await source.load(tx, auth)) };
        if (card.total > 0 || source.always?.(auth)) cards.push(card);
      }
      return { data: { cards } };
    },
  }),
];
