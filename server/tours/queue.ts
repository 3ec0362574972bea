import { sql } from 'drizzle-orm';
import { DEPARTURES_AHEAD_DAYS } from '../../src/api/dashboard/contract';
import { addDays } from '../../src/domain/calendar';
import { type QueueKind } from '../work-queue';
import { groupTours } from './plan-schema';

/**
 * The group tours' kind of work (docs/work-queue.md): a departure from today to
 * {@link DEPARTURES_AHEAD_DAYS} days ahead still below its minimum to run, on sale (its status
 * `open`, a column the database derives from its seats): sell seats or call it off. Group tours have
 * no machine: the item has no actions.
 */
export const departureShort: QueueKind = {
  kind: 'departureShort',
  record: 'departure',
  priority: 'normal',
  needs: [['groupTours', 'update']],
  scope: null,
  source(s) {
    const g = groupTours;
    return {
      from: sql`${g}`,
      where: sql`${g.status} = 'open' and ${g.departure} between ${s.today}::date and ${addDays(s.today, DEPARTURES_AHEAD_DAYS)}::date`,
      columns: {
        recordId: sql`${g.id}`,
        ref: sql`${g.title}`,
        title: sql`${g.title}`,
        state: sql`${g.status}`,
        due: { day: sql`${g.departure}` },
        params: sql`jsonb_build_object('seatsTaken', ${g.seatsTaken}, 'minimum', ${g.minimumToRun}, 'capacity', ${g.capacity})`,
      },
    };
  },
};

export const tourQueueKinds = [departureShort];
