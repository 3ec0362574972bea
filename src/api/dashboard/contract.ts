import { endpoint } from '../common/endpoint';
import { itemAnswer } from '../common/schemas';
import * as v from 'valibot';
import { calendarDate, timestamp, uuid } from '../common/schemas';

/**
 * "My day" (`GET /dashboard/my-day`): what the signed-in member can act on today, one card per
 * kind of work their permissions cover. A coming area adds its card here (a key), on the server
 * (server/dashboard/routes.ts) and on the screen (src/features/dashboard/my-day-cards.tsx).
 */
export const MY_DAY_CARDS = [
  /** Their open follow-ups still due today (sales): the leads list's `today` view of their follow-ups. */
  'followUps',
  /** Their open follow-ups whose time has passed (sales, when there are any): the leads list's `missed` view of their follow-ups. */
  'missedFollowUps',
  /** New leads given to them, nobody has spoken to yet (sales). */
  'newLeads',
  /** Their open leads where nothing has happened for the longest (sales). */
  'waitingLeads',
  /** Open leads nobody owns (those who may give leads out: all-leads visibility and leads update). */
  'leadsToAssign',
  /** Active vendors without bank details: they cannot be paid (vendors update). */
  'vendorsToComplete',
  /** Group departures of the coming weeks still below their minimum to run: sell seats or decide (group tours update). */
  'departuresToFill',
] as const;
export type MyDayCardKey = (typeof MY_DAY_CARDS)[number];

/** How many records a card lists; `total` says how many there are. */
export const MY_DAY_LIMIT = 5;

/** How far ahead a departure below its minimum is shown: the weeks in which it can still be filled or called off. */
export const DEPARTURES_AHEAD_DAYS = 45;

/** One record on a card: its page is its module's record page. */
export const myDayItemSchema = v.object({
  _id: uuid,
  name: v.string(),
  /** When it is due, or since when it waits (ISO 8601 UTC); a calendar day for what happens on a day (a departure). */
  at: v.nullable(v.union([timestamp, calendarDate])),
  /** The record's status (`new`, `contacted`…); `missed` for a follow-up whose time has passed. */
  status: v.nullable(v.string()),
});
export type MyDayItem = v.InferOutput<typeof myDayItemSchema>;

export const myDayCardSchema = v.object({
  key: v.picklist(MY_DAY_CARDS),
  total: v.number(),
  items: v.array(myDayItemSchema),
});
export type MyDayCard = v.InferOutput<typeof myDayCardSchema>;

export const myDaySchema = v.object({ cards: v.array(myDayCardSchema) });
export type MyDay = v.InferOutput<typeof myDaySchema>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const dashboardEndpoints = {
  myDay: endpoint({ method: 'GET', path: '/dashboard/my-day', answer: itemAnswer(myDaySchema) }),
};
