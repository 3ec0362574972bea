import { useFormatters } from './format';

export interface StatItem {
  key: string;
  label: string;
  /** Undefined while loading (shows `…`). */
  value: number | undefined;
}

/** A list's header of counts (over the whole organization, not the filtered page): a description list. */
export function StatsHeader({ label, items, testId }: { label: string; items: StatItem[]; testId?: string }) {
  const fmt = useFormatters();
  return (
    <dl className="stats-grid" aria-label={label} data-testid={testId}>
      {items.map(({ key, label: itemLabel, value }) => (
        <div className="stat" key={key} data-stat={key}>
          <dt>{itemLabel}</dt>
          <dd>{value === undefined ? '…' : fmt.number(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
