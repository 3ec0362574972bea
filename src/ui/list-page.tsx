import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type ListAnswer } from '../api/common/schemas';

export type FilterValue = string | string[] | boolean | { from?: string; to?: string } | undefined;

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
export function useListState(defaults: { limit?: number; sortBy?: string; sortOrder?: 'asc' | 'desc'; filters?: Record<string, FilterValue> } = {}) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    let filters = defaults.filters ?? {};
    try {
      const raw = params.get('filters');
      if (raw) filters = JSON.parse(raw) as Record<string, FilterValue>;
    } catch {
      /* a hand-edited address: fall back to the defaults */
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

  const update = (patch: Partial<ListState>) => {
    const next = { ...state, ...patch };
    // Anything but the page itself sends the person back to the first page.
    if (!('page' in patch)) next.page = FIRST_PAGE;
    const out = new URLSearchParams();
    if (next.page !== FIRST_PAGE) out.set('page', String(next.page));
    if (next.limit !== (defaults.limit ?? DEFAULT_PAGE_SIZE)) out.set('limit', String(next.limit));
    if (next.search) out.set('search', next.search);
    if (next.sortBy && next.sortBy !== defaults.sortBy) out.set('sortBy', next.sortBy);
    if (next.sortOrder !== (defaults.sortOrder ?? 'asc')) out.set('sortOrder', next.sortOrder);
    const cleaned = Object.fromEntries(Object.entries(next.filters).filter(([, v]) => !isEmptyFilter(v)));
    if (Object.keys(cleaned).length) out.set('filters', JSON.stringify(cleaned));
    setParams(out, { replace: true });
  };

  return [state, update] as const;
}

export function isEmptyFilter(v: FilterValue) {
  if (v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return !v.from && !v.to;
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

function useStored<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage unavailable: keep it for this visit */
    }
  }, [key, value]);
  return [value, setValue] as const;
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
}

/** The list scaffold every area reuses: server-side paging, sort, search, filters, columns, cards or table. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const { state, onChange, answer, loading, columns } = props;
  const [layout, setLayout] = useStored<'card' | 'table'>(`travel.list.${props.id}.layout`, props.renderCard ? (props.defaultLayout ?? 'card') : 'table');
  const [visible, setVisible] = useStored<string[]>(
    `travel.list.${props.id}.columns`,
    columns.filter((c) => !c.hiddenByDefault).map((c) => c.field),
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState(state.search);
  const activeFilters = Object.values(state.filters).filter((v) => !isEmptyFilter(v)).length;

  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const rows = answer?.data ?? [];
  const meta = answer?.meta;
  const showCards = layout === 'card' && !!props.renderCard;
  const shownColumns = columns.filter((c) => visible.includes(c.field));

  return (
    <section className="stack" aria-labelledby={`${props.id}-title`}>
      <div className="page-header">
        {props.headingLevel === 2 ? <h2 id={`${props.id}-title`}>{props.title}</h2> : <h1 id={`${props.id}-title`}>{props.title}</h1>}
        {props.actions}
      </div>
      {props.above}
      <div className="toolbar" role="toolbar" aria-label={props.title}>
        <span className="p-input-icon-left grow" style={{ maxWidth: 360 }}>
          <InputText
            type="search"
            placeholder={t('shell.search')}
            aria-label={t('shell.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: '100%' }}
          />
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
        {props.renderCard && (
          <SelectButton
            aria-label={t('list.layout')}
            value={layout}
            allowEmpty={false}
            onChange={(e) => e.value && setLayout(e.value as 'card' | 'table')}
            options={[
              { value: 'card', icon: 'pi pi-th-large', label: t('list.cardView') },
              { value: 'table', icon: 'pi pi-list', label: t('list.tableView') },
            ]}
            itemTemplate={(o: { icon: string; label: string }) => (
              <span className="row" style={{ gap: '0.35rem' }}>
                <i className={o.icon} aria-hidden="true" />
                <span>{o.label}</span>
              </span>
            )}
          />
        )}
      </div>
      {props.filterPanel && filtersOpen && (
        <div id={`${props.id}-filters`} className="card filter-panel" role="group" aria-label={t('list.filters')}>
          {props.filterPanel}
        </div>
      )}

      {loading && !answer ? (
        showCards ? (
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
        )
      ) : rows.length === 0 ? (
        <div className="card empty-state" data-testid="empty-state">
          <i className="pi pi-inbox" aria-hidden="true" />
          <p style={{ margin: 0, fontWeight: 600 }}>{t('list.empty')}</p>
          <p style={{ margin: 0 }}>{t('list.emptyHint')}</p>
        </div>
      ) : showCards ? (
        <div className="card-grid" aria-busy={loading} data-testid={`${props.id}-cards`}>
          {rows.map((row, i) => (
            <div key={String((row as Record<string, unknown>)[props.dataKey ?? '_id'] ?? i)}>{props.renderCard!(row)}</div>
          ))}
        </div>
      ) : (
        <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
          <DataTable
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
            {shownColumns.map((c) => (
              <Column key={c.field} field={c.field} header={c.header} sortable={c.sortable} body={c.body ? (row: T) => c.body!(row) : undefined} />
            ))}
          </DataTable>
        </div>
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
}
