import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { count, type CatalogueUses } from '../catalogue';
import type { Use } from '../http/records';
import { groupTourDays, groupTours, personalizedTourDays, personalizedTourLines, personalizedTours } from './plan-schema';
import { customizedTourDays, customizedTourLines, customizedTours } from './schema';

/**
 * Tours that use a catalogue record, named in the refusal ("2 group tours (“Oman Explorer”, …)").
 * A tour names its regions and destinations in id arrays (its days' destinations are among them);
 * its days and lines name hotels and activities. A customized tour's sent versions keep names of
 * their own and do not count.
 */
const tourUse = (one: string, many: string, table: typeof personalizedTours | typeof groupTours | typeof customizedTours, where: SQL): Use => ({
  one,
  many,
  count: count(table, where),
  names: sql`array(select ${table.title} from ${table} where ${where} order by lower(${table.title}) limit 3)`,
});
const customizedUsing = (where: SQL) => tourUse('customized tour', 'customized tours', customizedTours, where);
const personalizedUsing = (where: SQL) => tourUse('personalized tour', 'personalized tours', personalizedTours, where);
const groupUsing = (where: SQL) => tourUse('group tour', 'group tours', groupTours, where);
const hasDay = (days: typeof personalizedTourDays | typeof groupTourDays | typeof customizedTourDays, tourId: AnyPgColumn, where: SQL) =>
  sql`exists (select 1 from ${days} where ${days.tourId} = ${tourId} and ${where})`;
const hasLine = (lines: typeof personalizedTourLines | typeof customizedTourLines, tourId: AnyPgColumn, where: SQL) =>
  sql`exists (select 1 from ${lines} where ${lines.tourId} = ${tourId} and ${where})`;

export const tourCatalogueUses: CatalogueUses = (kind, id) => {
  switch (kind) {
    case 'region':
    case 'destination': {
      const column = kind === 'region' ? 'regions' : 'destinations';
      return [
        customizedUsing(sql`${customizedTours[column]} @> array[${id}]::uuid[]`),
        personalizedUsing(sql`${personalizedTours[column]} @> array[${id}]::uuid[]`),
        groupUsing(sql`${groupTours[column]} @> array[${id}]::uuid[]`),
      ];
    }
    // A tour's day that stays there, or a priced line for its rooms.
    case 'hotel':
      return [
        customizedUsing(sql`(${hasDay(customizedTourDays, customizedTours.id, eq(customizedTourDays.hotelId, id))} or ${hasLine(customizedTourLines, customizedTours.id, eq(customizedTourLines.hotelId, id))})`),
        personalizedUsing(sql`(${hasDay(personalizedTourDays, personalizedTours.id, eq(personalizedTourDays.hotelId, id))} or ${hasLine(personalizedTourLines, personalizedTours.id, eq(personalizedTourLines.hotelId, id))})`),
        groupUsing(hasDay(groupTourDays, groupTours.id, eq(groupTourDays.hotelId, id))),
      ];
    // A tour's day that includes it, or a priced line for it.
    case 'activity':
      return [
        customizedUsing(
          sql`(${hasDay(customizedTourDays, customizedTours.id, sql`${customizedTourDays.activities} @> array[${id}]::uuid[]`)} or ${hasLine(customizedTourLines, customizedTours.id, eq(customizedTourLines.activityId, id))})`,
        ),
        personalizedUsing(
          sql`(${hasDay(personalizedTourDays, personalizedTours.id, sql`${personalizedTourDays.activityIds} @> array[${id}]::uuid[]`)} or ${hasLine(personalizedTourLines, personalizedTours.id, eq(personalizedTourLines.activityId, id))})`,
        ),
        groupUsing(hasDay(groupTourDays, groupTours.id, sql`${groupTourDays.activityIds} @> array[${id}]::uuid[]`)),
      ];
  }
};
