import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';
import { DestinationField, DestinationPicker, RegionPicker } from '../../src/ui/catalogue-pickers';

// A busy machine (two cores, other suites running) answers slower than the one-second default.
configure({ asyncUtilTimeout: 5000 });

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const REGIONS = [
  { _id: id(1), name: 'Europe', slug: 'europe' },
  { _id: id(2), name: 'Middle East', slug: 'middle-east' },
  { _id: id(3), name: 'South-East Asia', slug: 'south-east-asia' },
];
const DESTINATIONS = [
  { _id: id(11), name: 'Paris', slug: 'paris', country: 'France', regionId: id(1), region: REGIONS[0] },
  { _id: id(12), name: 'Dubai', slug: 'dubai', country: 'United Arab Emirates', regionId: id(2), region: REGIONS[1] },
  { _id: id(13), name: 'Bali', slug: 'bali', country: 'Indonesia', regionId: id(3), region: REGIONS[2] },
];

/**
 * A stand-in for `GET /regions` and `GET /destinations` that does what the server does with
 * `search`, `regions` and `ids` (the server itself is covered by tests/api/catalogue.test.ts and
 * the pickers in Chromium by tests/e2e/catalogue.test.ts); it records every call.
 */
const calls: URL[] = [];
function fakeServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url);
  const rows = url.pathname.endsWith('/regions') ? REGIONS : DESTINATIONS;
  const search = url.searchParams.get('search')?.toLowerCase();
  const ids = url.searchParams.getAll('ids');
  const regions = url.searchParams.getAll('regions');
  // Like the server, a destination's search also looks at its country and region.
  const text = (r: { name: string; country?: string; region?: { name: string } }) => [r.name, r.country, r.region?.name].join(' ').toLowerCase();
  const data = (rows as { _id: string; name: string; regionId?: string }[]).filter(
    (r) => (!search || text(r).includes(search)) && (!ids.length || ids.includes(r._id)) && (!regions.length || regions.includes(r.regionId!)),
  );
  const body = { data, meta: { currentPage: 1, limit: 50, totalItems: data.length, totalPages: 1 } };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

function wrap(node: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

function ControlledRegions({ initial = [] as string[], onValue = (_: string[]) => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="regions">Regions</label>
      <RegionPicker
        inputId="regions"
        multiple
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onValue(ids);
        }}
      />
    </>
  );
}

/** Opens a picker's panel by clicking it, as a person does (jsdom lays nothing out: the panel counts as hidden). */
const openPanel = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByLabelText(label).closest('.p-multiselect, .p-dropdown')!);
  return waitFor(() => document.querySelector<HTMLElement>('.p-multiselect-panel, .p-dropdown-panel')!);
};
const optionTexts = (panel: HTMLElement) => [...panel.querySelectorAll('[role=option]')].map((o) => o.textContent);

describe('region and destination pickers (server-side search)', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches on the server as the person types, and keeps every server match', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    wrap(<ControlledRegions onValue={picked} />);
    expect(calls).toHaveLength(0); // nothing is fetched until the panel opens
    const panel = await openPanel(user, 'Regions');
    await within(panel).findByText('Europe');
    expect(optionTexts(panel)).toEqual(['Europe', 'Middle East', 'South-East Asia']);

    await user.type(panel.querySelector('input[type=text]')!, 'east');
    await waitFor(() => expect(calls.some((u) => u.pathname === '/api/regions' && u.searchParams.get('search') === 'east')).toBe(true));
    await waitFor(() => expect(optionTexts(panel)).toEqual(['Middle East', 'South-East Asia']));

    await user.click(within(panel).getByText('Middle East'));
    expect(picked).toHaveBeenLastCalledWith([id(2)]);
  });

  it('opens again at once after a choice, while its search is still settling', async () => {
    const user = userEvent.setup();
    wrap(<ControlledRegions />);
    let panel = await openPanel(user, 'Regions');
    await user.type(panel.querySelector('input[type=text]')!, 'east');
    await waitFor(() => expect(optionTexts(panel)).toEqual(['Middle East', 'South-East Asia']));
    await user.click(within(panel).getByText('Middle East'));
    await user.click(panel.querySelector<HTMLElement>('.p-multiselect-close')!);
    await waitFor(() => expect(document.querySelector('.p-multiselect-panel')).toBeNull());
    // Closing empties the search, which settles a quarter of a second later: the next click opens it anyway.
    panel = await openPanel(user, 'Regions');
    expect(panel.isConnected).toBe(true);
  });

  it('shows the names of the ids it holds, fetched by id', async () => {
    wrap(<ControlledRegions initial={[id(3)]} />);
    await screen.findByText('South-East Asia');
    expect(calls.some((u) => u.searchParams.getAll('ids').includes(id(3)))).toBe(true);
  });

  it('offers only the destinations of the given regions (single variant)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    wrap(
      <>
        <label htmlFor="dest">Destination</label>
        <DestinationPicker inputId="dest" value={null} onChange={onChange} regions={[id(1), id(3)]} />
      </>,
    );
    const panel = await openPanel(user, 'Destination');
    await within(panel).findByText('Paris');
    expect(optionTexts(panel)).toEqual(['ParisEurope · France', 'BaliSouth-East Asia · Indonesia']);
    expect(calls.at(-1)!.searchParams.getAll('regions')).toEqual([id(1), id(3)]);
    // A match on the country, not the name: PrimeReact's own filter must not hide it.
    await user.type(panel.querySelector('input[type=text]')!, 'indonesia');
    await waitFor(() => expect(optionTexts(panel)).toEqual(['BaliSouth-East Asia · Indonesia']));
    await user.click(within(panel).getByText('Bali'));
    expect(onChange).toHaveBeenCalledWith(id(13));
  });

  it('works as a react-hook-form field', async () => {
    const user = userEvent.setup();
    let read: () => unknown = () => undefined;
    function Form() {
      const { control, getValues } = useForm<{ destinations: string[] }>({ defaultValues: { destinations: [id(12)] } });
      read = () => getValues('destinations');
      return <DestinationField control={control} name="destinations" label="Destinations" multiple />;
    }
    wrap(<Form />);
    await screen.findByText('Dubai');
    const panel = await openPanel(user, 'Destinations');
    await user.click(await within(panel).findByText('Paris'));
    expect(read()).toEqual([id(12), id(11)]);
  });
});
