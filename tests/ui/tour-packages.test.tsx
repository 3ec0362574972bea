import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useForm, type UseFormGetValues } from 'react-hook-form';
import * as v from 'valibot';
import type { Activity } from '../../src/api/catalogue/activities/contract';
import type { Hotel } from '../../src/api/catalogue/hotels/contract';
import { toQueryString } from '../../src/api/client';
import { groupToursQuery } from '../../src/api/tours/group/contract';
import { createPersonalizedTourInput, personalizedToursQuery } from '../../src/api/tours/personalized/contract';
import { costDays, PERSONALIZED_PARTY } from '../../src/domain/tour-costing';
import { GROUP_FILTER_PARAMS } from '../../src/features/tours/group/group-tours-page';
import { SeatsBar, seatShares } from '../../src/features/tours/group/seats-bar';
import { PERSONALIZED_FILTER_PARAMS } from '../../src/features/tours/personalized/personalized-tours-page';
import { DayEditor } from '../../src/features/tours/shared/day-editor';
import { LineEditor } from '../../src/features/tours/shared/line-editor';
import { daysToSend, emptyLine, missingDestinations, nextDay, planForm, withDestination, type DayFormValue, type LineFormValue, type PlanFormValues } from '../../src/features/tours/shared/plan-model';
import { planResolver } from '../../src/features/tours/shared/plan-resolver';
import { initI18n } from '../../src/ui/i18n';
import en from '../../src/ui/i18n/locales/en/personalized-group-tours';
import ae from '../../src/ui/i18n/locales/ae/personalized-group-tours';
import { toQuery, useListState, type FilterParamKind, type ListState } from '../../src/ui/list-page';
import { createQueryClient } from '../../src/ui/query-client';
import { parseQuery } from '../../server/http/query';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DUBAI = id(11);
const ABU_DHABI = id(12);
/** A personalized or group tour's day (its number is its place). */
const day = (_place: number, patch: Partial<DayFormValue> = {}): DayFormValue => ({ ...nextDay(undefined), ...patch });

beforeAll(() => initI18n('en'));
afterEach(cleanup);

// ---------- the filters in the address ----------

let current: { state: ListState; set: (patch: Partial<ListState>) => void; search: string };
function Harness({ params }: { params: Record<string, FilterParamKind> }) {
  const [state, set] = useListState({ sortBy: 'title', sortOrder: 'asc', filterParams: params });
  const location = useLocation();
  current = { state, set, search: location.search };
  return null;
}
const mount = (url: string, params: Record<string, FilterParamKind>) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness params={params} />
    </MemoryRouter>,
  );
const serverReads = <S extends v.GenericSchema>(schema: S, state: ListState) => v.parse(schema, parseQuery(new URLSearchParams(toQueryString(toQuery(state) as never).slice(1))));

describe('tour lists keep the seed’s filters in the address, in the server’s format', () => {
  it('packages: regions with regionFilter=all, destinations, nights, published; read back and accepted by the server', () => {
    mount('/personalized-tours', PERSONALIZED_FILTER_PARAMS);
    const filters = { regions: [id(1), id(2)], regionFilter: 'all', destinations: [DUBAI], totalNights: '4', isPublished: true, pointOfContact: [id(9)] };
    act(() => current.set({ filters }));
    const params = new URLSearchParams(current.search);
    expect(params.getAll('regions')).toEqual([id(1), id(2)]);
    expect(params.get('regionFilter')).toBe('all');
    expect(params.get('totalNights')).toBe('4');
    expect(params.get('isPublished')).toBe('true');
    expect(params.has('destinationFilter')).toBe(false);
    const shared = current.search;
    cleanup();
    mount(`/personalized-tours${shared}`, PERSONALIZED_FILTER_PARAMS);
    expect(current.state.filters).toEqual(filters);
    expect(serverReads(personalizedToursQuery, current.state)).toMatchObject({ regions: [id(1), id(2)], regionFilter: 'all', destinations: [DUBAI], totalNights: [4], isPublished: true, pointOfContact: [id(9)] });
  });

  it('departures: status and the departure range as well', () => {
    mount('/group-tours?status=open&status=guaranteed&departure[from]=2027-01-01&destinationFilter=all&destinations=' + DUBAI, GROUP_FILTER_PARAMS);
    expect(current.state.filters).toEqual({ status: ['open', 'guaranteed'], departure: { from: '2027-01-01' }, destinationFilter: 'all', destinations: [DUBAI] });
    expect(serverReads(groupToursQuery, current.state)).toMatchObject({ status: ['open', 'guaranteed'], departure: { from: '2027-01-01' }, destinationFilter: 'all' });
  });
});

// ---------- the day plan ----------

describe('the day plan’s rules', () => {
  it('a new day stays where the last one was, with its hotel, and no activities', () => {
    const last = day(3, { destinationId: DUBAI, hotelId: id(21), roomType: 'Deluxe King', activityIds: [id(31)], meals: ['breakfast', 'dinner'], notes: 'x' });
    // Undated, without rooms: a personalized or group tour's day (a customized tour's: tests/ui/customized-tour-builder.test.tsx).
    expect(nextDay(last)).toEqual({ destinationId: DUBAI, hotelId: id(21), roomType: 'Deluxe King', activityIds: [], transfers: '', meals: ['breakfast', 'dinner'], notes: '' });
    expect(nextDay(undefined)).toEqual({ destinationId: null, hotelId: null, roomType: null, activityIds: [], transfers: '', meals: ['breakfast'], notes: '' });
  });

  it('moving a day to another destination drops its hotel, room and activities, and adds the destination to the tour', () => {
    const stay = day(1, { destinationId: DUBAI, hotelId: id(21), roomType: 'Deluxe King', activityIds: [id(31)], notes: 'keep' });
    expect(withDestination(stay, ABU_DHABI, [DUBAI])).toEqual({ day: { ...stay, destinationId: ABU_DHABI, hotelId: null, roomType: null, activityIds: [] }, destinations: [DUBAI, ABU_DHABI] });
    expect(withDestination(stay, DUBAI, [DUBAI])).toEqual({ day: stay, destinations: [DUBAI] });
    expect(withDestination(stay, null, [DUBAI]).destinations).toEqual([DUBAI]);
  });

  it('the form checks with the contract: days numbered by place, an empty destination is required, a day past the nights is named', async () => {
    type F = PlanFormValues & { title: string; totalNights: number; pricePerPerson: { adult: number; child: number; infant: number } };
    const resolver = planResolver<F>(createPersonalizedTourInput, (f) => ({ ...f, days: daysToSend(f.days) }), (f) => missingDestinations(f.days));
    const base: F = { title: 'Weekend', totalNights: 1, regions: [id(1)], destinations: [DUBAI], days: [], pricePerPerson: { adult: 100, child: 50, infant: 0 } };
    const ok = await resolver({ ...base, days: [day(7, { destinationId: DUBAI }), day(9, { destinationId: DUBAI })] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
    expect((ok.values as unknown as { days: { dayNumber: number }[] }).days.map((d) => d.dayNumber)).toEqual([1, 2]);
    type DayErrors = { days: ({ destinationId?: { message: string }; dayNumber?: { message: string } } | undefined)[] };
    const missing = await resolver({ ...base, days: [day(1, { destinationId: DUBAI }), day(2)] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((missing.errors as DayErrors).days[1]!.destinationId!.message).toBe('is required');
    const tooMany = await resolver({ ...base, days: [day(1, { destinationId: DUBAI }), day(2, { destinationId: DUBAI }), day(3, { destinationId: DUBAI })] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((tooMany.errors as DayErrors).days[2]!.dayNumber!.message).toBe("must be within the tour's 2 days");
  });
});

const HOTEL = { _id: id(21), name: 'The Marina Palace', stars: 5, roomTypes: [{ name: 'Deluxe King', nightlyRate: 39_000, maxOccupancy: 2 }, { name: 'Suite', nightlyRate: 90_000, maxOccupancy: 4 }] } as Hotel;
const OTHER_HOTEL = { _id: id(22), name: 'The Corniche Palace', stars: 5, roomTypes: [{ name: 'Deluxe King', nightlyRate: 31_000, maxOccupancy: 2 }] } as Hotel;
const SAFARI = { _id: id(31), name: 'Desert Safari', pricePerPerson: 8_500 } as Activity;

describe('costing the days from the catalogue', () => {
  it('one line per hotel stay (consecutive nights in one room type) at the nightly rate, one per activity for two at its price', () => {
    const days = [
      day(1, { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Deluxe King' }),
      day(2, { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'deluxe king', activityIds: [SAFARI._id] }),
      day(3, { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Suite' }),
      day(4, { destinationId: ABU_DHABI, hotelId: OTHER_HOTEL._id }),
      day(5, { destinationId: ABU_DHABI }),
      day(6, { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Deluxe King' }),
    ];
    const lines = costDays(days, new Map([HOTEL, OTHER_HOTEL].map((h) => [h._id, h])), new Map([[SAFARI._id, SAFARI]]), PERSONALIZED_PARTY, [], 0);
    expect(lines.map((l) => [l.kind, l.dayNumber, l.description, l.quantity, l.unit, l.unitCost])).toEqual([
      ['hotels', 1, 'The Marina Palace, Deluxe King', 2, 'per-room-night', 39_000],
      ['activities', 2, 'Desert Safari', 2, 'per-person', 8_500],
      ['hotels', 3, 'The Marina Palace, Suite', 1, 'per-room-night', 90_000],
      // No room type chosen: the hotel's first.
      ['hotels', 4, 'The Corniche Palace, Deluxe King', 1, 'per-room-night', 31_000],
      ['hotels', 6, 'The Marina Palace, Deluxe King', 1, 'per-room-night', 39_000],
    ]);
    expect(lines[0]).toMatchObject({ hotelId: HOTEL._id, roomType: 'Deluxe King', activityId: null, markupType: 'percent', markup: 0 });
    // Costing again adds only what is not there yet.
    expect(costDays(days, new Map([HOTEL, OTHER_HOTEL].map((h) => [h._id, h])), new Map([[SAFARI._id, SAFARI]]), PERSONALIZED_PARTY, lines, 0)).toEqual([]);
    expect(costDays(days, new Map(), new Map(), PERSONALIZED_PARTY, [emptyLine()], 0)).toEqual([]);
  });
});

// ---------- the day editor by keyboard ----------

/** A stand-in for the catalogue calls the pickers make (the server is covered by tests/api). */
function fakeServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  const destinations = [
    { _id: DUBAI, name: 'Dubai', slug: 'dubai', country: 'UAE', regionId: id(1), region: { _id: id(1), name: 'Middle East', slug: 'middle-east' } },
    { _id: ABU_DHABI, name: 'Abu Dhabi', slug: 'abu-dhabi', country: 'UAE', regionId: id(1), region: { _id: id(1), name: 'Middle East', slug: 'middle-east' } },
  ];
  const ids = url.searchParams.getAll('ids');
  const data = url.pathname.endsWith('/destinations') ? destinations.filter((d) => !ids.length || ids.includes(d._id)) : [];
  return Promise.resolve(new Response(JSON.stringify({ data, meta: { currentPage: 1, limit: 50, totalItems: data.length, totalPages: 1 } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

let form: { getValues: UseFormGetValues<PlanFormValues> };
function EditorForm({ days, lines }: { days: DayFormValue[]; lines?: LineFormValue[] }) {
  const f = useForm<PlanFormValues>({ defaultValues: { regions: [id(1)], destinations: [DUBAI], days, ...(lines ? { lines } : {}) } });
  form = f;
  return (
    <>
      <DayEditor form={planForm(f)} errors={f.formState.errors.days} departure="2027-03-01" />
      {lines && <LineEditor form={planForm(f)} errors={f.formState.errors.lines} currency="USD" party={() => PERSONALIZED_PARTY} defaultMarkup={0} texts={{ hint: '', fromDays: 'Cost the days', fromDaysHint: '' }} />}
    </>
  );
}
const renderEditor = (days: DayFormValue[], lines?: LineFormValue[]) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditorForm days={days} lines={lines} />
    </QueryClientProvider>,
  );
const headings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('the day editor', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeServer)));
  afterEach(() => vi.unstubAllGlobals());

  it('moves a day by keyboard: the numbers and dates follow the place, the focus follows the day', async () => {
    const user = userEvent.setup();
    renderEditor([day(1, { notes: 'arrive' }), day(2, { notes: 'safari' }), day(3, { notes: 'leave' })]);
    expect(headings()).toEqual(['Day 1 · Mar 1, 2027', 'Day 2 · Mar 2, 2027', 'Day 3 · Mar 3, 2027']);
    const up = screen.getByRole('button', { name: 'Move day 2 up' });
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['safari', 'arrive', 'leave']));
    // Numbered and dated by their place: the moved day is day 1 now.
    expect(headings()).toEqual(['Day 1 · Mar 1, 2027', 'Day 2 · Mar 2, 2027', 'Day 3 · Mar 3, 2027']);
    expect(screen.getAllByRole('textbox', { name: 'Notes' }).map((t) => (t as HTMLTextAreaElement).value)).toEqual(['safari', 'arrive', 'leave']);
    // The moved day is now day 1: it cannot go further up, so its "down" button holds the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move day 1 down' })));
    expect((screen.getByRole('button', { name: 'Move day 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['arrive', 'safari', 'leave']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move day 2 down' })));
  });

  it('adds a day after the last (same place), removes one and renumbers', async () => {
    const user = userEvent.setup();
    renderEditor([day(1, { destinationId: DUBAI, notes: 'one' }), day(2, { destinationId: DUBAI, notes: 'two' })]);
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    expect(form.getValues('days')).toHaveLength(3);
    expect(form.getValues('days')[2]).toMatchObject({ destinationId: DUBAI, notes: '' });
    expect(headings().at(-1)).toBe('Day 3 · Mar 3, 2027');
    await user.click(screen.getByRole('button', { name: 'Remove day 1' }));
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['two', '']));
    expect(headings()).toEqual(['Day 1 · Mar 1, 2027', 'Day 2 · Mar 2, 2027']);
  });

  it('moves a personalized tour’s priced lines with their day, and prices each line as it is typed', async () => {
    const user = userEvent.setup();
    const line = (patch: Partial<LineFormValue>): LineFormValue => ({ ...emptyLine(), ...patch });
    renderEditor([day(1, { notes: 'arrive' }), day(2, { notes: 'safari' })], [line({ kind: 'activities', dayNumber: 2, description: 'Safari', quantity: 2, unitCost: 8_500 }), line({ kind: 'fee', description: 'Fee', unitCost: 5_000 })]);
    screen.getByRole('button', { name: 'Move day 2 up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['safari', 'arrive']));
    expect(form.getValues('lines')!.map((l) => [l.description, l.dayNumber])).toEqual([
      ['Safari', 1],
      ['Fee', null],
    ]);
    // The same line editor as the builder's: live prices, a new line at the kind's markup (none for a personalized tour).
    expect(screen.getAllByTestId('line-sell').map((c) => c.textContent)).toEqual(['$170.00', '$50.00']);
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await waitFor(() => expect(form.getValues('lines')).toHaveLength(3));
    expect(form.getValues('lines')![2]).toMatchObject({ markupType: 'percent', markup: 0, dayNumber: null });
  });

  it('choosing a day’s destination adds it to the tour’s destinations', async () => {
    const user = userEvent.setup();
    renderEditor([day(1)]);
    const card = screen.getByRole('listitem');
    await user.click(within(card).getByLabelText('Destination').closest('.p-dropdown')!);
    const panel = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel')!);
    await user.click(await within(panel).findByText('Abu Dhabi'));
    expect(form.getValues('days')[0]!.destinationId).toBe(ABU_DHABI);
    expect(form.getValues('destinations')).toEqual([DUBAI, ABU_DHABI]);
  });
});

// ---------- seats ----------

describe('the seats bar', () => {
  it('says the seats in words and in numbers a screen reader reads, filled to the seats taken, marked at the minimum', () => {
    render(<SeatsBar tour={{ title: 'Oman Group', capacity: 10, seatsTaken: 7, seatsFree: 3, minimumToRun: 4, status: 'guaranteed' }} withStatus />);
    const bar = screen.getByRole('progressbar', { name: 'Seats taken on Oman Group' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['7', '10', 'Seats taken: 7 of 10 · free: 3']);
    expect(screen.getByText('Guaranteed').getAttribute('data-status')).toBe('guaranteed');
    expect((bar.querySelector('.seats__fill') as HTMLElement).style.width).toBe('70%');
    expect((bar.querySelector('.seats__minimum') as HTMLElement).style.insetInlineStart).toBe('40%');
    expect(screen.getByTestId('seats').getAttribute('data-status')).toBe('guaranteed');
  });

  it('keeps the shares within the bar', () => {
    expect(seatShares({ capacity: 16, seatsTaken: 16, minimumToRun: 8 })).toEqual({ taken: 100, minimum: 50 });
    expect(seatShares({ capacity: 3, seatsTaken: 0, minimumToRun: 5 })).toEqual({ taken: 0, minimum: 100 });
  });
});

// ---------- Arabic ----------

/** Every key path of a strings object; plural forms count as their base key. */
const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, value]) => (typeof value === 'object' ? keysOf(value as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]));

describe('the strings', () => {
  it('Arabic has every English string of packages and departures, translated', () => {
    const english = [...new Set(keysOf(en))].sort();
    expect([...new Set(keysOf(ae))].sort()).toEqual(english);
    const same = english.filter((k) => {
      const read = (o: object) => k.split('.').reduce<unknown>((x, part) => (x as Record<string, unknown>)?.[part] ?? (x as Record<string, unknown>)?.[`${part}_other`], o);
      return read(en) === read(ae);
    });
    expect(same).toEqual(['tourPlan.none']);
  });
});
