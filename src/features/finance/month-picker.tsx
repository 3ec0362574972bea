import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { todayIn } from '../../domain/calendar';
import { useAuth } from '../../ui/auth';
import { useMonthName } from '../../ui/format';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `2031-03`, moved by `delta` months (`2031-01`, −1 → `2030-12`). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(k / 12)).padStart(4, '0')}-${String((k % 12) + 1).padStart(2, '0')}`;
}

/** The organization's month today (`YYYY-MM`): the seed's default for the statement, the summary and salaries. */
export function useThisMonth() {
  const { organization } = useAuth();
  return todayIn(organization.timeZone).slice(0, 7);
}

/** A month's first and last day (`2031-02` → 2031-02-01, 2031-02-28). */
export function monthDays(month: string) {
  const from = `${month}-01`;
  const next = new Date(`${shiftMonth(month, 1)}-01T00:00:00Z`);
  next.setUTCDate(0);
  return { from, to: `${month}-${String(next.getUTCDate()).padStart(2, '0')}` };
}

/** "March 2031" in the member's language (src/ui/format.ts: the statement's descriptions need it too). */
export { useMonthName };

/**
 * The month a screen shows, in the address (`?month=2031-03`; none is this month), so it can be
 * bookmarked and survives a reload. For screens whose address holds nothing else a list writes.
 */
export function useMonthParam(): [string, (month: string) => void] {
  const thisMonth = useThisMonth();
  const [params, setParams] = useSearchParams();
  const given = params.get('month') ?? '';
  const month = MONTH.test(given) ? given : thisMonth;
  const set = (next: string) => {
    const out = new URLSearchParams(params);
    if (next === thisMonth) out.delete('month');
    else out.set('month', next);
    setParams(out, { replace: true });
  };
  return [month, set];
}

/**
 * A month: the previous and next month by buttons, or a month and a year chosen from lists whose
 * names are in the member's language (a native month input would speak the browser's). Native
 * selects: keyboard, screen readers and phones handle them well.
 */
export function MonthPicker({ value, onChange, label }: { value: string; onChange: (month: string) => void; label?: string }) {
  const { t } = useTranslation();
  const names = useMonthName();
  const thisMonth = useThisMonth();
  const id = useId();
  const [year, month] = value.split('-') as [string, string];
  const thisYear = Number(thisMonth.slice(0, 4));
  const years = useMemo(() => {
    const list = Array.from({ length: 13 }, (_, i) => thisYear - 10 + i);
    if (!list.includes(Number(year))) list.push(Number(year));
    return list.sort((a, b) => a - b);
  }, [thisYear, year]);
  const groupLabel = label ?? t('monthPicker.label');
  return (
    <div className="month-picker" role="group" aria-label={groupLabel} data-testid="month-picker" data-month={value}>
      <Button type="button" text rounded icon="pi pi-chevron-left flip-rtl" aria-label={t('monthPicker.previous')} title={t('monthPicker.previous')} onClick={() => onChange(shiftMonth(value, -1))} />
      <label htmlFor={`${id}-month`} className="visually-hidden">
        {t('monthPicker.month')}
      </label>
      <select id={`${id}-month`} className="p-inputtext p-component" value={month} onChange={(e) => onChange(`${year}-${e.target.value}`)} data-testid="month-picker-month">
        {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map((m) => (
          <option key={m} value={m}>
            {names.monthOnly(`2000-${m}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-year`} className="visually-hidden">
        {t('monthPicker.year')}
      </label>
      <select id={`${id}-year`} className="p-inputtext p-component" value={Number(year)} onChange={(e) => onChange(`${String(e.target.value).padStart(4, '0')}-${month}`)} data-testid="month-picker-year">
        {years.map((y) => (
          <option key={y} value={y}>
            {names.year(y)}
          </option>
        ))}
      </select>
      <Button type="button" text rounded icon="pi pi-chevron-right flip-rtl" aria-label={t('monthPicker.next')} title={t('monthPicker.next')} onClick={() => onChange(shiftMonth(value, 1))} />
      {value !== thisMonth && <Button type="button" text size="small" label={t('monthPicker.thisMonth')} onClick={() => onChange(thisMonth)} />}
    </div>
  );
}
