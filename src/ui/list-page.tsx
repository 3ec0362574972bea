import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type ListAnswer } from '../api/common/schemas';
import { PHONE_QUERY, useMediaQuery } from './media';

/** A filter's value; an object is a group of named parts (a range's `from`/`to`, `followups[enabled]`/`[type]`). */
export type FilterValue = string | string[] | boolean | { [part: string]: string | undefined } | undefined;

/**
 * How a list that keeps each filter as its own address parameter writes it, in the server's
 * query format: `text` (`source=web`), `list` (`status=new&status=lost`), `boolean`
 * (`isActive=true`), `object` (`query[from]=…&query[to]=…`). Lists without it keep all their
 * filters as JSON in one `filters` parameter.
 */
export type FilterParamKind = 'text' | 'list' | 'boolean' | 'object';

/** The filters named by `kinds`, read from address parameters (see {@link FilterParamKind}). */
export function readFilterParams(params: URLSearchParams, kinds: Record<string, FilterParamKind>): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const [key, kind] of Object.entries(kinds)) {
    if (kind === 'list') {
      const values = params.getAll(key).filter(Boolean);
      if (values.length) filters[key] = values;
    } else if (kind === 'boolean') {
      const value = params.get(key);
      if (value === 'true' || value === 'false') filters[key] = value === 'true';
    } else if (kind === 'object') {
      const parts: Record<string, string> = {};
      for (const [name, value] of params) {
        const part = name.startsWith(`${key}[`) && name.endsWith(']') ? name.slice(key.length + 1, -1) : undefined;
        if (part && value) parts[part] = value;
      }
      if (Object.keys(parts).length) filters[key] = parts;
    } else {
      const value = params.get(key);
      if (value) filters[key] = value;
    }
  }
  return filters;
}

/** Writes filters as address parameters (the inverse of {@link readFilterParams}); empty ones are left out. */
export function writeFilterParams(out: URLSearchParams, filters: Record<string, FilterValue>, kinds: Record<string, FilterParamKind>) {
  for (const key of Object.keys(kinds)) {
    const value = filters[key];
    if (isEmptyFilter(value)) continue;
    if (Array.isArray(value)) for (const item of value) out.append(key, item);
    else if (typeof value === 'object') {
      for (const [part, v] of Object.entries(value!)) if (v) out.set(`${key}[${part}]`, v);
    } else out.set(key, String(value));
  }
}

export interface ListState {
  page: number;
  limit: number;
  search: string;
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
  filters: Record<string, FilterValue>;
}

/** The seed's page sizes: 50 by default (section 9); 10 and 20 for the lists that use them. */
export const PAGE_SIZES = [10, 20, 50, 100, 200];

/**
 * A list's page, sort, search and filters live in the address, so a list can be bookmarked,
 * shared, and survives a reload or a sign-in detour.
 */
export function useListState(
  defaults: { limit?: number; sortBy?: string; sortOrder?: 'asc' | 'desc'; filters?: Record<string, FilterValue>; filterParams?: Record<string, FilterParamKind> } = {},
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    let filters = defaults.filters ?? {};
    if (defaults.filterParams) {
      const given = readFilterParams(params, defaults.filterParams);
      if (Object.keys(given).length) filters = given;
    } else {
      try {
        const raw = params.get('filters');
        if (raw) filters = JSON.parse(raw) as Record<string, FilterValue>;
      } catch {
        /* a hand-edited address: fall back to the defaults */
      }
    }
    return {
      page: Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE),
      limit: Number(params.get('limit')) || defaults.limit || DEFAULT_PAGE_SIZE,
      search: params.get('search') ?? '',
      sortBy: params.get('sortBy') ?? defaults.sortBy,
      sortOrder: params.get('sortOrder') === 'desc' ? 'desc' : params.get('sortOrder') === 'asc' ? 'asc' : (defaults.sortOrder ?? 'asc'),
      filters,
    };
  }, [params]);

  // Changes sent to the address that it does not show yet (the router applies them on a later
  // render): a change made in between (a filter picked right after another) builds on them rather
  // than on the state of the last render, which would undo the first.
  const pending = useRef<{ state: ListState; queries: string[] } | null>(null);
  const seen = useRef(params.toString());
  const now = params.toString();
  if (now !== seen.current) {
    seen.current = now;
    const p = pending.current;
    const i = p ? p.queries.indexOf(now) : -1;
    if (p && i >= 0 && i < p.queries.length - 1) p.queries = p.queries.slice(i + 1);
    else pending.current = null; // all applied, or the address moved elsewhere (a link, the back button)
  }

  // The state of the latest render: a change sent from an older render's closure (a debounced
  // search typed before the address showed "Clear filters") must not bring back what it held.
  const rendered = useRef(state);
  rendered.current = state;

  /** A change of the list; a function gets the latest state (with the changes not yet in the address). */
  const update = (change: Partial<ListState> | ((latest: ListState) => Partial<ListState>)) => {
    const base = pending.current?.state ?? rendered.current;
    const patch = typeof change === 'function' ? change(base) : change;
    const next = { ...base, ...patch };
    // Anything but the page itself sends the person back to the first page.
    if (!('page' in patch)) next.page = FIRST_PAGE;
    const out = new URLSearchParams();
    if (next.page !== FIRST_PAGE) out.set('page', String(next.page));
    if (next.limit !== (defaults.limit ?? DEFAULT_PAGE_SIZE)) out.set('limit', String(next.limit));
    if (next.search) out.set('search', next.search);
    if (next.sortBy && next.sortBy !== defaults.sortBy) out.set('sortBy', next.sortBy);
    if (next.sortOrder !== (defaults.sortOrder ?? 'asc')) out.set('sortOrder', next.sortOrder);
    if (defaults.filterParams) writeFilterParams(out, next.filters, defaults.filterParams);
    else {
      const cleaned = Object.fromEntries(Object.entries(next.filters).filter(([, v]) => !isEmptyFilter(v)));
      if (Object.keys(cleaned).length) out.set('filters', JSON.stringify(cleaned));
    }
    pending.current = { state: next, queries: [...(pending.current?.queries ?? []), out.toString()] };
    setParams(out, { replace: true });
  };

  /** One filter set (on top of the changes not yet in the address). */
  const setFilter = (key: string, value: FilterValue) => update((latest) => ({ filters: { ...latest.filters, [key]: value } }));

  return [state, update, setFilter] as const;
}

/** What a list page hands `ListPage` from its address state and its query: `<ListPage {...listProps(state, setState, query)} … />`. */
export function listProps<T>(state: ListState, onChange: (patch: Partial<ListState>) => void, query: { data?: ListAnswer<T, unknown>; isFetching: boolean }) {
  return { state, onChange, answer: query.data, loading: query.isFetching };
}

export function isEmptyFilter(v: FilterValue) {
  if (v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v).every((part) => !part);
  return false;
}

/** What the fetcher gets: the list state flattened into the server's query. */
export function toQuery(state: ListState) {
  return {
    page: state.page,
    limit: state.limit,
    search: state.search || undefined,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...Object.fromEntries(Object.entries(state.filters).filter(([, v]) => !isEmptyFilter(v))),
  };
}

/**
 * A choice of the person's, remembered on this device; until they make one, `fallback` (which may
 * follow the screen: cards on a phone, the list's own default elsewhere).
 */
function useStored<T>(key: string, fallback: T) {
  const [chosen, setChosen] = useState<T | undefined>(() => {
    try {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : undefined;
    } catch {
      return undefined;
    }
  });
  const choose = (value: T) => {
    setChosen(value);
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage unavailable: keep it for this visit */
    }
  };
  return [chosen ?? fallback, choose] as const;
}

export interface ListColumn<T> {
  field: string;
  header: string;
  body?: (row: T) => ReactNode;
  sortable?: boolean;
  /** Hidden until the person shows it (the seed hides `_id`, slugs and descriptions by default). */
  hiddenByDefault?: boolean;
}

export interface ListPageProps<T> {
  id: string;
  title: string;
  /** Above the list, in the page's column: the area's tabs, or the way back. */
  nav?: ReactNode;
  actions?: ReactNode;
  above?: ReactNode;
  columns: ListColumn<T>[];
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  answer?: ListAnswer<T, unknown>;
  loading: boolean;
  /** Cards are offered when a renderer is given; `defaultLayout` says which one shows first. */
  renderCard?: (row: T) => ReactNode;
  defaultLayout?: 'card' | 'table';
  filterPanel?: ReactNode;
  pageSizes?: number[];
  onOpen?: (row: T) => void;
  dataKey?: string;
  /** A list inside a record's page is a section of it (`h2`), not the page itself. */
  headingLevel?: 1 | 2;
  /** The sort keys offered in the card layout (a table sorts by its column headers). */
  sortOptions?: { field: string; label: string }[];
  /**
   * What an empty list says when nothing is filtered or searched: there are no records at all
   * ("No transactions yet"), which is not "nothing matches" (said, with a way out, when filtered).
   * `hint` names what creates a record there, and `action` is its button, when the member may use it.
   */
  empty?: { title: string; hint?: string; action?: ReactNode };
  /** Filters that make the view itself (today's follow-ups), not a narrowing the person asked for. */
  viewFilters?: string[];
}

/** A list's "nothing at all" texts from a translation section with `title` and `hint` (`vendors.empty`). */
export const emptyTexts = (t: (key: string) => string, key: string) => ({ title: t(`${key}.title`), hint: t(`${key}.hint`) });

/** What creates a record on a list: its button(s), and their words for the sentence naming them. */
export interface EmptyCreate {
  /** The buttons, shown in the empty state (the header's own, given again). */
  buttons: ReactNode;
  /** The create button's words ("New region"), named in the sentence. */
  label?: string;
  /** The import button's words, when the list takes a file of records. */
  importLabel?: string;
}

/**
 * The "nothing at all" state of a list a member fills (issue 27): `key`'s title and hint (what the
 * records are, where they come from); for a member who may create (`create` given), the hint goes
 * on to name the button ("Add one with New region, or bring a file of them with Import regions.")
 * and the button itself is offered. Lists filled by a workflow use `emptyTexts`, whose hint says
 * which step makes their records.
 */
export function emptyState(t: (key: string, params?: Record<string, string>) => string, key: string, create?: EmptyCreate | false) {
  const texts = emptyTexts(t, key);
  if (!create) return texts;
  const sentence = create.label ? (create.importLabel ? t('list.createOrImport', { action: create.label, import: create.importLabel }) : t('list.createOne', { action: create.label })) : '';
  return { ...texts, hint: sentence ? `${texts.hint} ${sentence}` : texts.hint, action: create.buttons };
}

/** A card made from a list's columns, for lists without cards of their own (phones). */
function ColumnsCard<T extends object>({ row, columns, onOpen, headingLevel }: { row: T; columns: ListColumn<T>[]; onOpen?: (row: T) => void; headingLevel: 2 | 3 }) {
  const shown = (c: ListColumn<T>) => (c.body ? c.body(row) : String((row as Record<string, unknown>)[c.field] ?? ''));
  const fields = columns.filter((c) => c.field !== '_id' && c.field !== 'actions');
  const actions = columns.find((c) => c.field === 'actions');
  const [title, ...rest] = fields;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card record-card" style={{ cursor: 'default' }}>
      {title && (
        <Heading className="record-card__title">
          {onOpen ? (
            <button type="button" className="link-button" onClick={() => onOpen(row)}>
              {shown(title)}
            </button>
          ) : (
            shown(title)
          )}
        </Heading>
      )}
      <dl className="detail-list">
        {rest.map((c) => (
          <div key={c.field} style={{ display: 'contents' }}>
            <dt>{c.header}</dt>
            <dd>{shown(c)}</dd>
          </div>
        ))}
      </dl>
      {actions?.body && <div>{actions.body(row)}</div>}
    </article>
  );
}

/** The list's toolbar: search (sent after a pause in typing), the filter panel's button, the columns (table) or the sort (cards), and the layout. */
function ListToolbar<T>({ props, layout, setLayout, cardsOffered, visible, setVisible, filtersOpen, setFiltersOpen }: {
  props: ListPageProps<T>;
  layout: 'card' | 'table';
  setLayout: (layout: 'card' | 'table') => void;
  cardsOffered: boolean;
  visible: string[];
  setVisible: (fields: string[]) => void;
  filtersOpen: boolean;
  setFiltersOpen: (change: (open: boolean) => boolean) => void;
}) {
  const { t } = useTranslation();
  const { state, onChange, columns } = props;
  const [search, setSearch] = useState(state.search);
  const activeFilters = Object.values(state.filters).filter((v) => !isEmptyFilter(v)).length;
  const showCards = layout === 'card' && cardsOffered;

  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <div className="toolbar" role="toolbar" aria-label={props.title}>
      <span className="toolbar__search">
        <InputText type="search" placeholder={t('shell.search')} aria-label={t('shell.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: '100%' }} />
      </span>
      {props.filterPanel && (
        <Button
          type="button"
          outlined
          icon="pi pi-filter"
          label={activeFilters ? `${t('list.filters')} (${activeFilters})` : t('list.filters')}
          aria-expanded={filtersOpen}
          aria-controls={`${props.id}-filters`}
          onClick={() => setFiltersOpen((o) => !o)}
        />
      )}
      {activeFilters > 0 && <Button type="button" text label={t('list.clearFilters')} onClick={() => onChange({ filters: {} })} />}
      <span className="grow" />
      {!showCards && (
        <MultiSelect
          aria-label={t('list.columns')}
          placeholder={t('list.columns')}
          value={visible}
          options={columns.map((c) => ({ label: c.header, value: c.field }))}
          optionLabel="label"
          optionValue="value"
          onChange={(e) => setVisible(e.value as string[])}
          selectedItemTemplate={() => null}
          dropdownIcon="pi pi-table"
          maxSelectedLabels={0}
          selectedItemsLabel={t('list.columns')}
          style={{ minWidth: 140 }}
        />
      )}
      {showCards && props.sortOptions && <CardSort state={state} onChange={onChange} options={props.sortOptions} />}
      {cardsOffered && (
        <SelectButton
          aria-label={t('list.layout')}
          value={layout}
          allowEmpty={false}
          onChange={(e) => e.value && setLayout(e.value as 'card' | 'table')}
          options={[
            { value: 'card', icon: 'pi pi-th-large', label: t('list.cardView') },
            { value: 'table', icon: 'pi pi-list', label: t('list.tableView') },
          ]}
          className="layout-toggle"
          itemTemplate={(o: { icon: string; label: string }) => (
            <span className="row" style={{ gap: '0.35rem' }}>
              <i className={o.icon} aria-hidden="true" />
              <span className="layout-toggle__label">{o.label}</span>
            </span>
          )}
        />
      )}
    </div>
  );
}

/** The cards' sort: a key and its direction (a table sorts by its column headers). */
function CardSort({ state, onChange, options }: { state: ListState; onChange: (patch: Partial<ListState>) => void; options: { field: string; label: string }[] }) {
  const { t } = useTranslation();
  const direction = state.sortOrder === 'desc' ? t('list.descending') : t('list.ascending');
  return (
    <span className="row" style={{ flexWrap: 'nowrap', gap: '0.25rem' }}>
      <Dropdown aria-label={t('list.sortBy')} ariaLabel={t('list.sortBy')} value={state.sortBy} options={options} optionLabel="label" optionValue="field" onChange={(e) => onChange({ sortBy: e.value as string })} />
      <Button
        type="button"
        outlined
        icon={state.sortOrder === 'desc' ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up-alt'}
        aria-label={direction}
        title={direction}
        onClick={() => onChange({ sortOrder: state.sortOrder === 'desc' ? 'asc' : 'desc' })}
      />
    </span>
  );
}

/** A list still loading: grey cards or grey rows. */
function ListSkeleton({ cards }: { cards: boolean }) {
  return cards ? (
    <div className="card-grid" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <div className="card" key={i}>
          <Skeleton width="60%" height="1.2rem" className="mb-2" />
          <Skeleton width="80%" />
          <Skeleton width="40%" style={{ marginTop: 8 }} />
        </div>
      ))}
    </div>
  ) : (
    <div className="card" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height="1.5rem" style={{ marginBottom: 10 }} />
      ))}
    </div>
  );
}

/** An empty list: nothing matches what is filtered (and the way out), or no records at all (and what creates one). */
function ListEmpty<T>({ props, filtered }: { props: ListPageProps<T>; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" data-testid="empty-state" data-filtered={filtered}>
      <i className={filtered ? 'pi pi-filter-slash' : 'pi pi-inbox'} aria-hidden="true" />
      <p style={{ margin: 0, fontWeight: 600 }}>{filtered ? t('list.empty') : (props.empty?.title ?? t('list.none'))}</p>
      <p style={{ margin: 0 }}>{filtered ? t('list.emptyHint') : (props.empty?.hint ?? t('list.noneHint'))}</p>
      {!filtered && props.empty?.action && <div className="row empty-state__actions">{props.empty.action}</div>}
      {filtered && <Button type="button" text label={t('list.clearAll')} style={{ marginTop: '0.5rem' }} onClick={() => props.onChange({ search: '', filters: {} })} />}
    </div>
  );
}

/** The rows as a table: sorted by its column headers on the server, a row opening its record. */
function ListTable<T extends object>({ props, rows, columns }: { props: ListPageProps<T>; rows: T[]; columns: ListColumn<T>[] }) {
  const { t, i18n } = useTranslation();
  const { state, onChange, loading } = props;
  return (
    <div className="card" style={{ padding: 0, overflowX: 'auto' }} aria-busy={loading}>
      <DataTable
        // DataTable renders a row's cells again only when its rows change: a new language
        // (words, dates, numbers in the cells) makes a new table.
        key={i18n.language}
        value={rows}
        dataKey={props.dataKey ?? '_id'}
        lazy
        loading={loading}
        sortField={state.sortBy}
        sortOrder={state.sortOrder === 'desc' ? -1 : 1}
        onSort={(e: DataTableSortEvent) => onChange({ sortBy: e.sortField, sortOrder: e.sortOrder === -1 ? 'desc' : 'asc' })}
        onRowClick={props.onOpen ? (e) => props.onOpen!(e.data as T) : undefined}
        rowHover
        data-testid={`${props.id}-table`}
        emptyMessage={t('list.empty')}
      >
        {columns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} sortable={c.sortable} body={c.body ? (row: T) => c.body!(row) : undefined} />
        ))}
      </DataTable>
    </div>
  );
}

/** The list scaffold every area reuses: server-side paging, sort, search, filters, columns, cards or table. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const { state, onChange, answer, loading, columns } = props;
  const phone = useMediaQuery(PHONE_QUERY);
  // A phone shows cards (the list's own, else cards made from its columns) until the person picks a table.
  const cardsOffered = !!props.renderCard || phone;
  const [layout, setLayout] = useStored<'card' | 'table'>(`travel.list.${props.id}.layout`, phone ? 'card' : props.renderCard ? (props.defaultLayout ?? 'card') : 'table');
  const [visible, setVisible] = useStored<string[]>(
    `travel.list.${props.id}.columns`,
    columns.filter((c) => !c.hiddenByDefault).map((c) => c.field),
  );
  const [filtersOpen, setFiltersOpen] = useState(false);

  const rows = answer?.data ?? [];
  const meta = answer?.meta;
  const shownColumns = columns.filter((c) => visible.includes(c.field));
  const showCards = layout === 'card' && cardsOffered;
  const filtered = !!state.search || Object.entries(state.filters).some(([k, v]) => !props.viewFilters?.includes(k) && !isEmptyFilter(v));
  const renderCard =
    props.renderCard ?? ((row: T) => <ColumnsCard row={row} columns={shownColumns} onOpen={props.onOpen} headingLevel={props.headingLevel === 2 ? 3 : 2} />);

  const list = (
    <section className="stack" aria-labelledby={`${props.id}-title`}>
      <div className="page-header">
        {props.headingLevel === 2 ? <h2 id={`${props.id}-title`}>{props.title}</h2> : <h1 id={`${props.id}-title`}>{props.title}</h1>}
        {props.actions}
      </div>
      {props.above}
      <ListToolbar props={props} layout={layout} setLayout={setLayout} cardsOffered={cardsOffered} visible={visible} setVisible={setVisible} filtersOpen={filtersOpen} setFiltersOpen={setFiltersOpen} />
      {props.filterPanel && filtersOpen && (
        <div id={`${props.id}-filters`} className="card filter-panel" role="group" aria-label={t('list.filters')}>
          {props.filterPanel}
        </div>
      )}
      {loading && !answer ? (
        <ListSkeleton cards={showCards} />
      ) : rows.length === 0 ? (
        <ListEmpty props={props} filtered={filtered} />
      ) : showCards ? (
        <div className="card-grid" aria-busy={loading} data-testid={`${props.id}-cards`}>
          {rows.map((row, i) => (
            <div key={String((row as Record<string, unknown>)[props.dataKey ?? '_id'] ?? i)}>{renderCard(row)}</div>
          ))}
        </div>
      ) : (
        <ListTable props={props} rows={rows} columns={shownColumns} />
      )}
      {meta && meta.totalItems > 0 && (
        <Paginator
          first={(meta.currentPage - 1) * meta.limit}
          rows={meta.limit}
          totalRecords={meta.totalItems}
          rowsPerPageOptions={props.pageSizes ?? PAGE_SIZES}
          onPageChange={(e) => onChange(e.rows !== state.limit ? { limit: e.rows, page: FIRST_PAGE } : { page: e.page + 1 })}
          template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
          currentPageReportTemplate={t('list.total', { count: meta.totalItems })}
        />
      )}
    </section>
  );
  // An area's tabs (or the way back) above the list, in the page's column.
  return props.nav ? (
    <div className="stack">
      {props.nav}
      {list}
    </div>
  ) : (
    list
  );
}

/** A from/to date filter (`YYYY-MM-DD` each), for a filter panel; a range is empty when both ends are. */
export function DateRangeFilter({ label, value, onChange }: { label: string; value: FilterValue; onChange: (range: { from?: string; to?: string } | undefined) => void }) {
  const { t } = useTranslation();
  const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as { from?: string; to?: string };
  const set = (patch: { from?: string; to?: string }) => {
    const next = { ...range, ...patch };
    onChange(next.from || next.to ? next : undefined);
  };
  return (
    <fieldset className="field range-field">
      <legend>{label}</legend>
      <div className="range-field__inputs">
        <InputText type="date" aria-label={`${label}: ${t('list.from')}`} value={range.from ?? ''} max={range.to} onChange={(e) => set({ from: e.target.value || undefined })} />
        <InputText type="date" aria-label={`${label}: ${t('list.to')}`} value={range.to ?? ''} min={range.from} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
    </fieldset>
  );
}
