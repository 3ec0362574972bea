import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from 'primereact/confirmdialog';
import * as v from 'valibot';
import type { Activity } from '../../src/api/catalogue/activities/contract';
import type { Hotel } from '../../src/api/catalogue/hotels/contract';
import { toQueryString } from '../../src/api/client';
import { createTourInput, toursQuery, type CustomizedTourDetail } from '../../src/api/tours/customized/contract';
import type { PersonalizedTourDetail } from '../../src/api/tours/personalized/contract';
import { costDays, planFromPersonalized } from '../../src/domain/tour-costing';
import { liveTotals, priceTourLines } from '../../src/domain/tour-pricing';
import { useBuilderDays, useBuilderLines } from '../../src/features/tours/customized/builder-plan';
import { CustomerView, itineraryOf } from '../../src/features/tours/customized/customer-view';
import { CUSTOMIZED_FILTER_PARAMS } from '../../src/features/tours/customized/customized-tours-page';
import { TotalsCard } from '../../src/features/tours/customized/totals-card';
import { tourFormValues, tourToSend, withDeparture, type LineFormValue, type TourDayFormValue, type TourFormValues } from '../../src/features/tours/customized/tour-form-model';
import { DayEditor } from '../../src/features/tours/shared/day-editor';
import { LineEditor } from '../../src/features/tours/shared/line-editor';
import { emptyLine, moveDay, nextDay, planForm, removeDay } from '../../src/features/tours/shared/plan-model';
import { changeLanguage, initI18n } from '../../src/ui/i18n';
import en from '../../src/ui/i18n/locales/en/tours';
import ae from '../../src/ui/i18n/locales/ae/tours';
import { toQuery, useListState, type ListState } from '../../src/ui/list-page';
import { createQueryClient } from '../../src/ui/query-client';
import { parseQuery } from '../../server/http/query';

/**
 * The itinerary builder in jsdom: its model (days move with their lines, dates stay in order, the
 * catalogue's rates, live totals from the pricing function), the day cards by keyboard, the lines
 * table's live prices, the customer view without costs, starting from a package, the list's
 * filters in the address, and the Arabic strings. The server's side is tests/api.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DUBAI = id(11);
const ABU_DHABI = id(12);
const HOTEL = { _id: id(21), name: 'The Marina Palace', stars: 5, roomTypes: [{ name: 'Deluxe King', nightlyRate: 39_000, maxOccupancy: 2 }, { name: 'Suite', nightlyRate: 90_000, maxOccupancy: 4 }] } as Hotel;
const SAFARI = { _id: id(31), name: 'Desert Safari', pricePerPerson: 8_500 } as Activity;

/** A customized tour's day: dated, with rooms. */
const day = (date: string, patch: Partial<TourDayFormValue> = {}): TourDayFormValue => ({ ...(nextDay(undefined, { first: date, rooms: true }) as TourDayFormValue), ...patch });
const line = (patch: Partial<LineFormValue>): LineFormValue => ({ ...emptyLine(), quantity: 1, unitCost: 0, ...patch });

beforeAll(() => initI18n('en'));
afterEach(cleanup);


/** The dropdown panel that is open: a panel just closed may still be leaving (hidden, not yet removed). */
const openPanel = () =>
  waitFor(() => {
    const open = document.querySelector<HTMLElement>('.p-dropdown-panel:not(.p-connected-overlay-exit-active):not(.p-connected-overlay-exit-done)');
    expect(open).not.toBeNull();
    return open!;
  });

describe('the builder’s model', () => {
  const days = [day('2027-05-10', { notes: 'arrive' }), day('2027-05-11', { notes: 'safari' }), day('2027-05-12', { notes: 'leave' })];
  const lines = [line({ dayNumber: 1, description: 'night 1' }), line({ dayNumber: 2, description: 'safari' }), line({ dayNumber: null, description: 'fee' }), line({ dayNumber: 3, description: 'transfer' })];

  it('moves a day’s content and its priced lines; the dates stay in order', () => {
    const moved = moveDay(days, lines, 1, 0);
    expect(moved.days.map((d) => [d.date, d.notes])).toEqual([
      ['2027-05-10', 'safari'],
      ['2027-05-11', 'arrive'],
      ['2027-05-12', 'leave'],
    ]);
    expect(moved.lines.map((l) => [l.description, l.dayNumber])).toEqual([
      ['night 1', 2],
      ['safari', 1],
      ['fee', null],
      ['transfer', 3],
    ]);
    // Moving the last day to the front shifts the others down by one.
    expect(moveDay(days, lines, 2, 0).lines.map((l) => l.dayNumber)).toEqual([2, 3, null, 1]);
    expect(moveDay(days, lines, 0, 2).days.map((d) => d.notes)).toEqual(['safari', 'leave', 'arrive']);
  });

  it('removes a day with the lines priced on it; the later days keep their lines', () => {
    const removed = removeDay(days, lines, 1);
    expect(removed.days.map((d) => [d.date, d.notes])).toEqual([
      ['2027-05-10', 'arrive'],
      ['2027-05-12', 'leave'],
    ]);
    expect(removed.lines.map((l) => [l.description, l.dayNumber])).toEqual([
      ['night 1', 1],
      ['fee', null],
      ['transfer', 2],
    ]);
  });

  it('moves the whole trip with its departure; a new day comes the day after the last, in the same place and stay', () => {
    const moved = withDeparture({ departure: '2027-05-10', arrival: '2027-05-12', days }, '2027-06-30');
    expect([moved.departure, moved.arrival, ...moved.days.map((d) => d.date)]).toEqual(['2027-06-30', '2027-07-02', '2027-06-30', '2027-07-01', '2027-07-02']);
    const stay = day('2027-12-31', { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Suite', rooms: 2, activityIds: [SAFARI._id], notes: 'x' });
    expect(nextDay(stay, { first: '2027-12-01', rooms: true })).toEqual({ date: '2028-01-01', destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Suite', rooms: 2, activityIds: [], transfers: '', meals: ['breakfast'], notes: '' });
  });

  it('prices the days from the catalogue: one line per stay (nights × rooms at the nightly rate), one per activity for the travellers, with the default markup', () => {
    const plan = [
      day('2027-05-10', { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Deluxe King', rooms: 2 }),
      day('2027-05-11', { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Deluxe King', rooms: 2, activityIds: [SAFARI._id] }),
      day('2027-05-12', { destinationId: DUBAI, hotelId: HOTEL._id, roomType: 'Suite', rooms: 1 }),
      day('2027-05-13', { destinationId: ABU_DHABI }),
    ];
    const priced = costDays(plan, new Map([[HOTEL._id, HOTEL]]), new Map([[SAFARI._id, SAFARI]]), { adults: 3, children: 1 }, [], 1_500);
    expect(priced.map((l) => [l.kind, l.dayNumber, l.description, l.quantity, l.unit, l.unitCost, l.markupType, l.markup])).toEqual([
      ['hotels', 1, 'The Marina Palace, Deluxe King', 4, 'per-room-night', 39_000, 'percent', 1_500],
      ['activities', 2, 'Desert Safari', 4, 'per-person', 8_500, 'percent', 1_500],
      ['hotels', 3, 'The Marina Palace, Suite', 1, 'per-room-night', 90_000, 'percent', 1_500],
    ]);
    // Pricing again adds only what the lines lack.
    expect(costDays(plan, new Map([[HOTEL._id, HOTEL]]), new Map([[SAFARI._id, SAFARI]]), { adults: 3, children: 1 }, priced, 1_500)).toEqual([]);
  });

  it('totals the lines as typed with the pricing function the server stores with; lines not yet priceable count for nothing', () => {
    const typed = [
      line({ kind: 'hotels', quantity: 2, unitCost: 39_000, markupType: 'percent', markup: 1_550 }),
      line({ kind: 'fee', quantity: 1, unitCost: 0, markupType: 'amount', markup: 4_000 }),
      line({ kind: 'discount', quantity: 1, unitCost: 0, markupType: 'amount', markup: 1_001 }),
      line({ kind: 'activities', quantity: null, unitCost: 8_500 }),
      line({ kind: 'flights', quantity: 3, unitCost: null }),
    ];
    const { totals, tooLarge } = liveTotals(typed, 3);
    expect(tooLarge).toBe(false);
    expect(totals).toEqual(priceTourLines(tourToSend({ ...tourFormValues(), lines: typed.slice(0, 3) }).lines.map((l) => ({ ...l, markupType: l.markupType ?? 'percent', markup: l.markup ?? 0 })), 3).totals);
    // 2 × (39 000 + 6 045) + 4 000 − 1 001
    expect(totals!.sell).toBe(93_089);
    expect(liveTotals([line({ quantity: 100_000, unitCost: Number.MAX_SAFE_INTEGER })], 1)).toEqual({ totals: null, tooLarge: true });
  });

  it('sends what the contract checks: a new tour’s values parse, and an empty destination is named', () => {
    const values: TourFormValues = { ...tourFormValues(undefined, { leadId: id(1), departure: '2027-05-10', arrival: '2027-05-11' }), title: 'Weekend', days: [day('2027-05-10', { destinationId: DUBAI })] };
    expect(v.safeParse(createTourInput, tourToSend(values)).success).toBe(true);
    const missing = v.safeParse(createTourInput, tourToSend({ ...values, days: [day('2027-05-10')] }));
    expect(missing.success).toBe(false);
  });
});

describe('starting from a package', () => {
  const ref = (n: number, name: string) => ({ _id: id(n), name, slug: name.toLowerCase() });
  const pkg = {
    regions: [ref(1, 'Middle East')],
    destinations: [ref(11, 'Dubai')],
    totalNights: 3,
    days: [
      { dayNumber: 3, destination: ref(11, 'Dubai'), hotel: null, roomType: null, activities: [], transfers: null, meals: [], notes: 'Fly home' },
      { dayNumber: 1, destination: ref(11, 'Dubai'), hotel: { ...ref(21, 'The Marina Palace'), stars: 5 }, roomType: 'Deluxe King', activities: [ref(31, 'Desert Safari')], transfers: 'Pick-up', meals: ['breakfast' as const], notes: null },
    ],
    lines: [
      { kind: 'hotels' as const, dayNumber: 1, description: 'Stay', hotel: { ...ref(21, 'The Marina Palace'), stars: 5 }, roomType: 'Deluxe King', activity: null, vendor: null, quantity: 2, unit: 'per-room-night' as const, unitCost: 39_000, markupType: 'percent' as const, markup: 2_000 },
      { kind: 'activities' as const, dayNumber: 1, description: 'Safari', hotel: null, roomType: null, activity: ref(31, 'Desert Safari'), vendor: null, quantity: 2, unit: 'per-person' as const, unitCost: 8_500, markupType: 'percent' as const, markup: 2_000 },
      { kind: 'transfers' as const, dayNumber: 3, description: 'Airport', hotel: null, roomType: null, activity: null, vendor: null, quantity: 1, unit: 'per-unit' as const, unitCost: 6_000, markupType: 'amount' as const, markup: 1_000 },
      { kind: 'discount' as const, dayNumber: null, description: 'Early booking', hotel: null, roomType: null, activity: null, vendor: null, quantity: 1, unit: 'per-unit' as const, unitCost: 5_000, markupType: 'percent' as const, markup: 1_000 },
    ],
  } as unknown as PersonalizedTourDetail;

  it('puts day N on departure + N − 1, keeps each line on its day by place, and prices it for the tour’s party', () => {
    const plan = planFromPersonalized(pkg, '2027-03-30', { adults: 3, children: 2 });
    expect(plan.arrival).toBe('2027-04-02');
    expect(plan.days.map((d) => [d.date, d.hotelId, d.rooms, d.activityIds])).toEqual([
      ['2027-03-30', id(21), 3, [id(31)]],
      ['2027-04-01', null, null, []],
    ]);
    expect(plan.lines.map((l) => [l.kind, l.dayNumber, l.quantity, l.unitCost, l.markupType, l.markup])).toEqual([
      // Two room-nights for two become two nights in each of three rooms; the safari is for five.
      ['hotels', 1, 6, 39_000, 'percent', 2_000],
      ['activities', 1, 5, 8_500, 'percent', 2_000],
      ['transfers', 2, 1, 6_000, 'amount', 1_000],
      // The package's discount of 50.00 + 10 % is an amount of 55.00 off, costing nothing.
      ['discount', null, 1, 0, 'amount', 5_500],
    ]);
    expect(v.safeParse(createTourInput, { leadId: id(1), title: 'From a package', departure: '2027-03-30', adults: 3, children: 2, ...plan }).success).toBe(true);
  });
});

// ---------- the filters in the address ----------

let current: { state: ListState; set: (patch: Partial<ListState>) => void; search: string };
function ListHarness() {
  const [state, set] = useListState({ sortBy: 'createdAt', sortOrder: 'desc', filterParams: CUSTOMIZED_FILTER_PARAMS });
  const location = useLocation();
  current = { state, set, search: location.search };
  return null;
}

describe('the list keeps the seed’s filters in the address, in the server’s format', () => {
  it('regions, destinations, departure and arrival ranges, nights, point of contact and status: written, read back, accepted by the server', () => {
    const mount = (url: string) =>
      render(
        <MemoryRouter initialEntries={[url]}>
          <ListHarness />
        </MemoryRouter>,
      );
    mount('/customized-tours');
    const filters = { regions: [id(1)], destinations: [DUBAI, ABU_DHABI], departure: { from: '2027-01-01', to: '2027-03-31' }, arrival: { to: '2027-04-30' }, totalNights: '4', pointOfContact: [id(9)], status: ['sent', 'draft'] };
    act(() => current.set({ filters }));
    const params = new URLSearchParams(current.search);
    expect(params.getAll('destinations')).toEqual([DUBAI, ABU_DHABI]);
    expect(params.get('departure[from]')).toBe('2027-01-01');
    expect(params.getAll('status')).toEqual(['sent', 'draft']);
    const shared = current.search;
    cleanup();
    mount(`/customized-tours${shared}`);
    expect(current.state.filters).toEqual(filters);
    const read = v.parse(toursQuery, parseQuery(new URLSearchParams(toQueryString(toQuery(current.state) as never).slice(1))));
    expect(read).toMatchObject({ regions: [id(1)], destinations: [DUBAI, ABU_DHABI], departure: { from: '2027-01-01', to: '2027-03-31' }, arrival: { to: '2027-04-30' }, totalNights: [4], pointOfContact: [id(9)], status: ['sent', 'draft'] });
  });
});

// ---------- the day cards and the lines in a form ----------

/** A stand-in for the calls the pickers and the lines make (the server is tests/api's). */
function fakeServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  if (url.pathname.endsWith('/customized-tours/settings')) return json({ data: { defaultMarkupBasisPoints: 1_500, quoteValidityDays: 14 } });
  const destinations = [{ _id: DUBAI, name: 'Dubai', slug: 'dubai', country: 'UAE', regionId: id(1), region: { _id: id(1), name: 'Middle East', slug: 'middle-east' } }];
  const ids = url.searchParams.getAll('ids');
  if (url.pathname.startsWith('/api/vendors')) vendorCalls.push(url);
  // The vendors' options as the server answers them (GET /vendors/options): the active vendors
  // offering the service, by name, names and ids only; with `ids`, those vendors whatever their state.
  const service = url.searchParams.get('service');
  const data = url.pathname.endsWith('/destinations')
    ? destinations.filter((d) => !ids.length || ids.includes(d._id))
    : url.pathname === '/api/vendors/options'
      ? VENDORS.filter((x) => (ids.length ? ids.includes(x._id) : x.isActive && x.services.includes(service!)))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(({ _id, name }) => ({ _id, name }))
      : [];
  return json({ data, meta: { currentPage: 1, limit: 50, totalItems: data.length, totalPages: 1 } });
}

const VENDORS = [
  { _id: id(51), name: 'Atlantis The Palm', services: ['hotels'], isActive: true },
  { _id: id(52), name: 'Sleepy Hotels', services: ['hotels'], isActive: false },
  { _id: id(53), name: 'Oman Land Partners', services: ['land-part', 'hotels', 'transfers'], isActive: true },
  { _id: id(54), name: 'Arabian Adventures', services: ['activities', 'transfers'], isActive: true },
  { _id: id(55), name: 'Only Flights', services: ['flights'], isActive: true },
];
const vendorCalls: URL[] = [];

let form: ReturnType<typeof useForm<TourFormValues>>;
function Builder({ values }: { values: TourFormValues }) {
  form = useForm<TourFormValues>({ defaultValues: values });
  const lines = form.watch('lines');
  const { totals } = liveTotals(lines, 2);
  // The builder's own editors, as BuilderPlan composes them (its customer view aside).
  const days = useBuilderDays(form);
  const lineProps = useBuilderLines(form);
  return (
    <>
      <DayEditor {...days} form={planForm(form)} />
      <LineEditor {...lineProps} chooseVendors form={planForm(form)} currency="USD" />
      <TotalsCard totals={totals} currency="USD" live />
      <ConfirmDialog />
    </>
  );
}
const renderBuilder = (values: TourFormValues) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Builder values={values} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const base = (patch: Partial<TourFormValues>): TourFormValues => ({ ...tourFormValues(undefined, { leadId: id(1), departure: '2027-05-10', arrival: '2027-05-12' }), ...patch });
const dayHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('the builder in a form', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeServer)));
  afterEach(() => vi.unstubAllGlobals());

  it('moves a day by keyboard: the content and its lines move, the dates stay, the focus follows the day', async () => {
    const user = userEvent.setup();
    renderBuilder(
      base({
        days: [day('2027-05-10', { notes: 'arrive' }), day('2027-05-11', { notes: 'safari' }), day('2027-05-12', { notes: 'leave' })],
        lines: [line({ dayNumber: 2, description: 'Safari', unitCost: 8_500, quantity: 2 })],
      }),
    );
    expect(dayHeadings()).toEqual(['Day 1 · May 10, 2027', 'Day 2 · May 11, 2027', 'Day 3 · May 12, 2027']);
    screen.getByRole('button', { name: 'Move day 2 up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['safari', 'arrive', 'leave']));
    expect(form.getValues('days').map((d) => d.date)).toEqual(['2027-05-10', '2027-05-11', '2027-05-12']);
    expect(form.getValues('lines')[0]!.dayNumber).toBe(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move day 1 down' })));
    expect(screen.getAllByRole('textbox', { name: 'Notes' }).map((t) => (t as HTMLTextAreaElement).value)).toEqual(['safari', 'arrive', 'leave']);
  });

  it('adds a day after the last (the arrival follows), and removes a day with its lines once asked', async () => {
    const user = userEvent.setup();
    renderBuilder(base({ days: [day('2027-05-10', { notes: 'one' }), day('2027-05-11', { notes: 'two' })], lines: [line({ dayNumber: 1, description: 'Night one' }), line({ dayNumber: 2, description: 'Night two' })] }));
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    expect(form.getValues('days').map((d) => d.date)).toEqual(['2027-05-10', '2027-05-11', '2027-05-12']);
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    expect(form.getValues('arrival')).toBe('2027-05-13');

    await user.click(screen.getByRole('button', { name: 'Remove day 1' }));
    await screen.findByText('Remove day 1 and its priced line?');
    const dialog = document.querySelector('.p-confirm-dialog') as HTMLElement;
    await user.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!);
    await waitFor(() => expect(form.getValues('days').map((d) => d.notes)).toEqual(['two', '', '']));
    expect(form.getValues('lines').map((l) => [l.description, l.dayNumber])).toEqual([['Night two', 1]]);
  });

  it('prices each line as it is typed, and the totals follow', async () => {
    const user = userEvent.setup();
    renderBuilder(base({ days: [day('2027-05-10')], lines: [line({ kind: 'hotels', dayNumber: 1, description: 'Night', quantity: 2, unitCost: 10_000, markupType: 'percent', markup: 1_000 })] }));
    const totals = screen.getByTestId('tour-totals');
    expect(totals.getAttribute('data-sell')).toBe('22000');
    expect(screen.getByTestId('line-sell').textContent).toBe('$220.00');
    const cost = screen.getByLabelText('Unit cost, line 1');
    await user.clear(cost);
    await user.type(cost, '150');
    await waitFor(() => expect(totals.getAttribute('data-sell')).toBe('33000'));
    expect(totals.getAttribute('data-cost')).toBe('30000');
    expect(screen.getByTestId('unit-price').textContent).toBe('$165.00');
    // A new line starts with the organization's default markup.
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await waitFor(() => expect(form.getValues('lines')[1]).toMatchObject({ markupType: 'percent', markup: 1_500 }));
  });
});

describe('a minus on a priced line (issue 27)', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeServer)));
  afterEach(() => vi.unstubAllGlobals());
  const hotelNight = () => base({ days: [day('2027-05-10')], lines: [line({ kind: 'hotels', dayNumber: 1, description: 'Night', quantity: 1, unitCost: 10_000, markupType: 'percent', markup: 1_500 })] });
  const NEGATIVE = 'must not be negative: for an amount off, use the kind Discount';

  it('keeps a minus typed on a line that is not a discount, prices nothing and says to use the kind Discount; the contract refuses it', async () => {
    const user = userEvent.setup();
    renderBuilder(hotelNight());
    const cost = screen.getByLabelText('Unit cost, line 1');
    await user.clear(cost);
    await user.type(cost, '-30');
    await waitFor(() => expect(form.getValues('lines')[0]!.unitCost).toBe(-3_000));
    expect(screen.getByRole('alert').textContent).toBe(`Unit cost ${NEGATIVE}`);
    expect(screen.getByTestId('line-sell').textContent).toBe('—');
    expect(screen.getByTestId('tour-totals').getAttribute('data-sell')).toBe('0');
    // What the server applies names the field, with the same words.
    const sent = v.safeParse(createTourInput, tourToSend({ ...form.getValues(), leadId: id(1) }));
    expect(sent.success).toBe(false);
    const issue = sent.issues!.find((i) => v.getDotPath(i) === 'lines.0.unitCost');
    expect(issue?.message).toBe(NEGATIVE);
    // A negative markup lowers the price as much: it is refused the same way.
    await user.clear(cost);
    await user.type(cost, '100');
    const markup = screen.getByLabelText('Markup (%), line 1');
    await user.clear(markup);
    await user.type(markup, '-10');
    await waitFor(() => expect(form.getValues('lines')[0]!.markup).toBe(-1_000));
    expect(screen.getByRole('alert').textContent).toMatch(new RegExp(`${NEGATIVE}$`));
  });

  it('takes the minus in Arabic too (PrimeReact read Arabic’s direction mark as a second minus)', async () => {
    await changeLanguage('ae');
    try {
      const user = userEvent.setup();
      renderBuilder(hotelNight());
      const cost = screen.getByLabelText('تكلفة الوحدة، البند 1');
      await user.clear(cost);
      await user.type(cost, '-30');
      await waitFor(() => expect(form.getValues('lines')[0]!.unitCost).toBe(-3_000));
      await user.tab();
      expect(form.getValues('lines')[0]!.unitCost).toBe(-3_000);
      expect(screen.getByTestId('tour-totals').getAttribute('data-sell')).toBe('0');
    } finally {
      await changeLanguage('en');
    }
  });

  it('starts a line switched to Discount at 0, not at its old markup', async () => {
    const user = userEvent.setup();
    renderBuilder(hotelNight());
    await user.click(screen.getByLabelText('Kind, line 1').closest('.p-dropdown')!);
    const panel = await openPanel();
    await user.click(await within(panel).findByText('Discount'));
    await waitFor(() => expect(form.getValues('lines')[0]).toMatchObject({ kind: 'discount', unitCost: 0, markupType: 'amount', markup: 0 }));
    expect(screen.getByTestId('tour-totals').getAttribute('data-sell')).toBe('0');
  });
});

describe('a priced line’s vendor (issue 27)', () => {
  beforeEach(() => {
    vendorCalls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => vi.unstubAllGlobals());
  const optionTexts = (panel: HTMLElement) => [...panel.querySelectorAll('[role=option]')].map((o) => o.textContent);

  it('offers only the active vendors offering the line’s service, is chosen by keyboard, and is cleared when the kind changes; a fee has none', async () => {
    const user = userEvent.setup();
    renderBuilder(base({ days: [day('2027-05-10')], lines: [line({ kind: 'hotels', dayNumber: 1, description: 'Night', unitCost: 10_000 }), line({ kind: 'fee', description: 'Service fee' })] }));
    expect(screen.queryByLabelText('Vendor, line 2')).toBeNull();
    const picker = screen.getByLabelText('Vendor, line 1');
    expect(vendorCalls).toHaveLength(0); // nothing is asked before the picker opens
    await user.click(picker.closest('.p-dropdown')!);
    const panel = await openPanel();
    await within(panel).findByText('Atlantis The Palm');
    expect(optionTexts(panel)).toEqual(['Atlantis The Palm', 'Oman Land Partners']);
    // The tour editors' narrow read, not the vendors list (which a sales agent may not read).
    expect(vendorCalls.map((u) => u.pathname)).toEqual(['/api/vendors/options']);
    expect(vendorCalls[0].searchParams.get('service')).toBe('hotels');

    // By keyboard: the search field has the focus; down to the second vendor, Enter chooses it.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(form.getValues('lines')[0]!.vendorId).toBe(id(53)));
    expect(screen.getByLabelText('Vendor, line 1').closest('.p-dropdown')!.textContent).toContain('Oman Land Partners');

    // Another service: the vendor offered the old one.
    await user.click(screen.getByLabelText('Kind, line 1').closest('.p-dropdown')!);
    const kinds = await openPanel();
    await user.click(await within(kinds).findByText('Transfer'));
    await waitFor(() => expect(form.getValues('lines')[0]).toMatchObject({ kind: 'transfers', vendorId: null }));
    await user.click(screen.getByLabelText('Vendor, line 1').closest('.p-dropdown')!);
    const transfers = await openPanel();
    await within(transfers).findByText('Arabian Adventures');
    expect(optionTexts(transfers)).toEqual(['Arabian Adventures', 'Oman Land Partners']);
  });

  it('names the vendor a line holds, deactivated since, from the options by id', async () => {
    renderBuilder(base({ days: [day('2027-05-10')], lines: [line({ kind: 'hotels', dayNumber: 1, description: 'Night', unitCost: 10_000, vendorId: id(52) })] }));
    await waitFor(() => expect(screen.getByLabelText('Vendor, line 1').closest('.p-dropdown')!.textContent).toContain('Sleepy Hotels'));
    expect(vendorCalls.map((u) => [u.pathname, u.searchParams.get('service'), u.searchParams.getAll('ids')])).toEqual([['/api/vendors/options', 'hotels', [id(52)]]]);
  });
});

describe('the customer view', () => {
  const tour = {
    title: 'Dubai weekend',
    currency: 'USD',
    departure: '2027-05-10',
    arrival: '2027-05-11',
    adults: 2,
    children: 1,
    infants: 0,
    days: [{ dayNumber: 1, date: '2027-05-10', destination: { _id: DUBAI, name: 'Dubai', slug: 'dubai' }, hotel: { _id: id(21), name: 'The Marina Palace', slug: 'x' }, roomType: 'Deluxe King', rooms: 2, activities: [], transfers: null, meals: ['breakfast'], notes: null }],
    lines: [
      { kind: 'hotels', dayNumber: 1, description: 'Two rooms', hotel: null, roomType: null, activity: null, vendor: null, quantity: 2, unit: 'per-room-night', unitCost: 39_000, markupType: 'percent', markup: 1_500, unitMarkup: 5_850, unitPrice: 44_850, lineCost: 78_000, lineSell: 89_700 },
      { kind: 'fee', dayNumber: null, description: 'Service fee', hotel: null, roomType: null, activity: null, vendor: null, quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5_000, unitMarkup: 5_000, unitPrice: 5_000, lineCost: 0, lineSell: 5_000 },
    ],
    totals: { cost: 78_000, sell: 94_700, margin: 16_700, marginBasisPoints: 1_763, pax: 3, pricePerPerson: 31_567 },
  } as unknown as CustomizedTourDetail;

  it('shows the days and the selling prices, never a cost or a markup', () => {
    render(<CustomerView itinerary={itineraryOf(tour)} />);
    const view = screen.getByTestId('customer-view');
    expect(view.textContent).toContain('2 × Deluxe King');
    expect(view.textContent).toContain('2 × $448.50 (Per room-night)');
    expect(view.textContent).toContain('$897.00');
    expect(within(screen.getByTestId('customer-total')).getByText('$947.00')).toBeTruthy();
    expect(within(screen.getByTestId('customer-total')).getByText('$315.67')).toBeTruthy();
    for (const staffOnly of ['$390.00', '$780.00', '$167.00', '15 %', 'Margin', 'Cost']) expect(view.textContent).not.toContain(staffOnly);
  });
});

// ---------- Arabic ----------

/** Every key path of a strings object; plural forms count as their base key. */
const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, value]) => (typeof value === 'object' ? keysOf(value as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]));

describe('the strings', () => {
  it('Arabic has every English string of customized tours, translated', () => {
    const english = [...new Set(keysOf(en))].sort();
    expect([...new Set(keysOf(ae))].sort()).toEqual(english);
    const read = (o: object, k: string) => k.split('.').reduce<unknown>((x, part) => (x as Record<string, unknown>)?.[part] ?? (x as Record<string, unknown>)?.[`${part}_other`], o);
    // Only a pattern of numbers and placeholders reads the same.
    expect(english.filter((k) => read(en, k) === read(ae, k))).toEqual(['tours.customer.quantityTimes']);
  });
});
