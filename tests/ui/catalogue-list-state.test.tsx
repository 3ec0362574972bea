import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useListState, type ListState } from '../../src/ui/list-page';

/**
 * Two filters changed one right after the other (a region picked, then a category, before the
 * router has re-rendered): both must end up in the address. The catalogue e2e lost the first one.
 */
describe('list state in the address', () => {
  afterEach(cleanup);

  function setup() {
    let update!: ReturnType<typeof useListState>[1];
    let state!: ListState;
    function List() {
      [state, update] = useListState({ sortBy: 'name' });
      return null;
    }
    const router = createMemoryRouter([{ path: '/hotels', element: <List /> }], { initialEntries: ['/hotels'] });
    render(<RouterProvider router={router} />);
    return { router, update: (...a: Parameters<typeof update>) => update(...a), state: () => state, updateOfThisRender: () => update };
  }

  const filtersOf = (router: ReturnType<typeof createMemoryRouter>) => JSON.parse(new URLSearchParams(router.state.location.search).get('filters') ?? '{}');

  it('keeps a filter changed before the previous change reached the address', async () => {
    const { router, update, state } = setup();
    await act(async () => {
      update((latest) => ({ filters: { ...latest.filters, regions: ['r1'] } }));
      update((latest) => ({ filters: { ...latest.filters, categories: ['adventure'] } }));
    });
    expect(filtersOf(router)).toEqual({ regions: ['r1'], categories: ['adventure'] });
    expect(state().filters).toEqual({ regions: ['r1'], categories: ['adventure'] });
    expect(state().page).toBe(1);
  });

  it('builds a change sent from an older render (a debounced search) on the state the address shows now', async () => {
    let update!: ReturnType<typeof useListState>[1];
    function List() {
      [, update] = useListState({ sortBy: 'name' });
      return null;
    }
    const router = createMemoryRouter([{ path: '/vendors', element: <List /> }], { initialEntries: ['/vendors?filters=%7B%22services%22%3A%5B%22transfers%22%5D%7D'] });
    render(<RouterProvider router={router} />);
    // The search box's timer holds the update of the render in which the person typed…
    const typedWith = update;
    // …and "Clear filters" reaches the address before the timer fires.
    await act(async () => update({ filters: {} }));
    expect(filtersOf(router)).toEqual({});
    await act(async () => typedWith({ search: 'charlie' }));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('search'), params.get('filters')]).toEqual(['charlie', null]);
  });

  it('follows the address when it moves elsewhere (a link), not a change already applied', async () => {
    const { router, update, state } = setup();
    await act(async () => update({ search: 'spa' }));
    await act(async () => router.navigate('/hotels?sortBy=stars'));
    await act(async () => update((latest) => ({ filters: { ...latest.filters, stars: ['5'] } })));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('search'), params.get('sortBy')]).toEqual([null, 'stars']);
    expect(state().filters).toEqual({ stars: ['5'] });
  });

  it('a change sent from an older render (the search box’s timer) does not bring back filters cleared since', async () => {
    const { router, update, state, updateOfThisRender } = setup();
    await act(async () => update({ filters: { services: ['transfers'] } }));
    // The search box keeps the update function of the render it was typed in…
    const typedIn = updateOfThisRender();
    expect(state().filters).toEqual({ services: ['transfers'] });
    await act(async () => update({ filters: {} }));
    // …and calls it after the filters were cleared and the address caught up.
    await act(async () => typedIn({ search: 'Gulf' }));
    expect(filtersOf(router)).toEqual({});
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Gulf');
  });
});
