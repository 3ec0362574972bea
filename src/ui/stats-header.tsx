import { useFormatters } from './format';
import { isEmptyFilter, type FilterValue, type ListState } from './list-page';

export interface StatItem {
  key: string;
  label: string;
  /** Undefined while loading (shows `…`); null when there is nothing to measure (shows `—`). */
  value: number | null | undefined;
  /** Money or a percentage; a plain count otherwise. */
  format?: (value: number) => string;
  /** A tile that filters the list: clicking it shows only what it counts (again: everything). */
  select?: () => void;
  /** The list is filtered to this tile now. */
  active?: boolean;
}

/** Characters past which a tile's value is set smaller. */
const LONG_VALUE = 10;

/**
 * A list's header of counts (over the whole organization, not the filtered page). Tiles with
 * `select` are toggle buttons that filter the list to what they count; the others are a
 * description list.
 */
export function StatsHeader({ label, items, testId }: { label: string; items: StatItem[]; testId?: string }) {
  const fmt = useFormatters();
  const shown = (value: number | null | undefined, format: (value: number) => string = fmt.number) => (value === undefined ? '…' : value === null ? '—' : format(value));
  // A long value (money with its currency: "‏1,234,567.89 US$" in Arabic) is set smaller, so it fits its tile.
  const valueClass = (value: number | null | undefined, format?: (value: number) => string) => `stat__value${shown(value, format).length > LONG_VALUE ? ' stat__value--long' : ''}`;
  if (items.some((i) => i.select)) {
    return (
      <div className="stats-grid" role="group" aria-label={label} data-testid={testId}>
        {items.map(({ key, label: itemLabel, value, format, select, active }) =>
          select ? (
            <button type="button" className="stat" key={key} data-stat={key} aria-pressed={!!active} onClick={select}>
              <span className="stat__label">{itemLabel}</span>
              <span className={valueClass(value, format)}>{shown(value, format)}</span>
            </button>
          ) : (
            <div className="stat" key={key} data-stat={key}>
              <span className="stat__label">{itemLabel}</span>
              <span className={valueClass(value, format)}>{shown(value, format)}</span>
            </div>
          ),
        )}
      </div>
    );
  }
  return (
    <dl className="stats-grid" aria-label={label} data-testid={testId}>
      {items.map(({ key, label: itemLabel, value, format }) => (
        <div className="stat" key={key} data-stat={key}>
          <dt className="stat__label">{itemLabel}</dt>
          <dd className={valueClass(value, format)}>{shown(value, format)}</dd>
        </div>
      ))}
    </dl>
  );
}

type SetFilter = (key: string, value: FilterValue) => void;

/**
 * The tile of one value of a list filter: active when the list shows only that value; a click
 * shows only it, a second click shows everything again. List filters (`status=new`) take a
 * string, yes/no filters (`isActive=true`) a boolean.
 */
export function filterTile(filters: ListState['filters'], setFilter: SetFilter, key: string, value: string | boolean): Pick<StatItem, 'select' | 'active'> {
  const current = filters[key];
  const active = typeof value === 'boolean' ? current === value : Array.isArray(current) && current.length === 1 && current[0] === value;
  return { active, select: () => setFilter(key, active ? undefined : typeof value === 'boolean' ? value : [value]) };
}

/** The "all" tile: active when none of `keys` filters the list; a click clears them. */
export function allTile(filters: ListState['filters'], clear: () => void, keys: string[]): Pick<StatItem, 'select' | 'active'> {
  return { active: keys.every((k) => isEmptyFilter(filters[k])), select: clear };
}
