import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import * as v from 'valibot';
import { toQueryString } from '../../src/api/client';
import { leadsQuery } from '../../src/api/leads/contract';
import { leadsQueryString, type LeadsParams } from '../../src/api/leads/get-leads';
import { LEAD_FILTER_PARAMS, followUpsOf } from '../../src/features/leads/lead-filters';
import { toQuery, useListState, type ListState } from '../../src/ui/list-page';
import { instantToWallTime, wallTimeToInstant } from '../../src/ui/form-fields';
import { parseQuery } from '../../server/http/query';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The leads list's state hook in a router; exposes the state, the address and the setter. */
let current: { state: ListState; set: (patch: Partial<ListState>) => void; search: string };
function Harness() {
  const [state, set] = useListState({ limit: 20, sortBy: 'followUp', sortOrder: 'asc', filterParams: LEAD_FILTER_PARAMS });
  const location = useLocation();
  current = { state, set, search: location.search };
  return <pre data-testid="state">{JSON.stringify(state.filters)}</pre>;
}
const mount = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness />
    </MemoryRouter>,
  );

/** What the server makes of the list's query: its own parser and the contract's schema. */
const serverReads = (params: LeadsParams) => v.parse(leadsQuery, parseQuery(new URLSearchParams(toQueryString(leadsQueryString(params)).slice(1))));

const FILTERS = {
  query: { from: '2026-01-01', to: '2026-03-31' },
  status: ['new', 'contacted'],
  assignedTo: [id(1), 'unassigned'],
  source: ['website', 'walk-in'],
  regions: [id(2)],
  destinations: [id(3), id(4)],
  followups: { enabled: 'true', type: 'missed' },
};

describe('leads list filters live in the address (shareable, survive a reload)', () => {
  afterEach(cleanup);

  it('writes every filter as its own parameter in the server format, and reads the same filters back', () => {
    mount('/leads');
    expect(current.state.filters).toEqual({});
    act(() => current.set({ filters: FILTERS, search: 'sam' }));
    const params = new URLSearchParams(current.search);
    expect(params.getAll('status')).toEqual(['new', 'contacted']);
    expect(params.getAll('assignedTo')).toEqual([id(1), 'unassigned']);
    expect(params.get('query[from]')).toBe('2026-01-01');
    expect(params.get('query[to]')).toBe('2026-03-31');
    expect(params.get('followups[enabled]')).toBe('true');
    expect(params.get('followups[type]')).toBe('missed');
    expect(params.get('search')).toBe('sam');
    // The defaults (page 1, 20 a page, ascending by follow-up) stay out of the address.
    expect(params.has('page') || params.has('limit') || params.has('sortBy') || params.has('sortOrder')).toBe(false);
    const shared = current.search;
    cleanup();

    // Another person opens the shared address (or the page reloads): the same view.
    mount(`/leads${shared}`);
    expect(current.state.filters).toEqual(FILTERS);
    expect(current.state.search).toBe('sam');
    expect(current.state.limit).toBe(20);
  });

  it('drops emptied filters from the address and goes back to the first page', () => {
    mount(`/leads?page=3&status=new&source=phone`);
    expect(current.state.page).toBe(3);
    act(() => current.set({ filters: { ...current.state.filters, status: [] } }));
    const params = new URLSearchParams(current.search);
    expect(params.has('status')).toBe(false);
    expect(params.get('source')).toBe('phone');
    expect(params.has('page')).toBe(false);
  });

  it('a filtered view is exactly what the server accepts (its query parser and the contract schema)', () => {
    mount('/leads');
    act(() => current.set({ filters: FILTERS }));
    const q = serverReads(toQuery(current.state) as LeadsParams);
    expect(q).toMatchObject({
      page: 1,
      limit: 20,
      sortBy: 'followUp',
      sortOrder: 'asc',
      query: { from: '2026-01-01', to: '2026-03-31' },
      status: ['new', 'contacted'],
      assignedTo: [id(1), 'unassigned'],
      source: ['website', 'walk-in'],
      regions: [id(2)],
      destinations: [id(3), id(4)],
      followups: { enabled: true, type: 'missed' },
    });
  });

  it("today's follow-ups: type todayAndMissed unless the address names another; off when not enabled", () => {
    expect(followUpsOf({ followups: { enabled: 'true' } })).toEqual({ enabled: 'true', type: 'todayAndMissed' });
    expect(followUpsOf({ followups: { enabled: 'true', type: 'nonsense' } })).toEqual({ enabled: 'true', type: 'todayAndMissed' });
    expect(followUpsOf({ followups: { enabled: 'true', type: 'upcoming' } })).toEqual({ enabled: 'true', type: 'upcoming' });
    expect(followUpsOf({})).toBeUndefined();
    // Off means no follow-up parameters at all (the server's default is off).
    expect(serverReads({ followups: { enabled: 'false', type: 'today' } }).followups).toBeUndefined();
    expect(serverReads({ followups: { enabled: 'true' } }).followups).toEqual({ enabled: true, type: 'todayAndMissed' });
  });

  it('a hand-edited address with nonsense keeps the list working (unknown parameters are ignored)', () => {
    mount('/leads?filters=%7Bbroken&status=lost&foo=bar');
    expect(current.state.filters).toEqual({ status: ['lost'] });
    expect(screen.getByTestId('state').textContent).toBe('{"status":["lost"]}');
  });
});

describe('follow-up times are typed on the organization’s clocks', () => {
  it('converts a wall time in a zone to the instant and back', () => {
    expect(wallTimeToInstant('2026-11-22T09:00', 'Asia/Dubai')).toBe('2026-11-22T05:00:00.000Z');
    expect(instantToWallTime('2026-11-22T05:00:00.000Z', 'Asia/Dubai')).toBe('2026-11-22T09:00');
    // Lisbon: winter UTC+0, summer UTC+1.
    expect(wallTimeToInstant('2026-01-10T10:00', 'Europe/Lisbon')).toBe('2026-01-10T10:00:00.000Z');
    expect(wallTimeToInstant('2026-07-10T10:00', 'Europe/Lisbon')).toBe('2026-07-10T09:00:00.000Z');
    expect(instantToWallTime('2026-07-10T09:00:00.000Z', 'Europe/Lisbon')).toBe('2026-07-10T10:00');
    // The day after the clocks go forward (29 March 2026) and across midnight.
    expect(wallTimeToInstant('2026-03-30T00:30', 'Europe/Lisbon')).toBe('2026-03-29T23:30:00.000Z');
    expect(wallTimeToInstant('not a time', 'Asia/Dubai')).toBeNull();
    expect(instantToWallTime(null, 'Asia/Dubai')).toBe('');
  });
});
