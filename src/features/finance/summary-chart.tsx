import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from 'primereact/chart';
import { EXPENSE_CATEGORIES, type SummaryAnswer } from '../../api/finance/statement/contract';
import { minorToDecimal, currencyDigits } from '../../domain/money';
import { BCP47, isLocale } from '../../ui/i18n';
import { useMonthName } from './month-picker';
import { useOrgFormatters } from './parts';

/**
 * The account summary's charts (PrimeReact's Chart over Chart.js; this module and Chart.js load
 * only when the summary is shown): the twelve months' income against what went out (expenses,
 * vendor costs, refunds), the profit, and the income and expense targets; and the month's expenses
 * by category. Colours come from the theme in use (light or dark), the months run right to left in
 * Arabic, and each chart has a table with the same figures for screen readers.
 */

type Colors = Record<'text' | 'muted' | 'grid' | 'income' | 'expense' | 'vendor' | 'refund' | 'profit', string> & { categories: string[] };

const read = (style: CSSStyleDeclaration, name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;

function themeColors(): Colors {
  const style = getComputedStyle(document.documentElement);
  const dark = document.documentElement.classList.contains('app-dark');
  const shade = dark ? 400 : 600;
  const palette = (hue: string, fallback: string) => read(style, `--${hue}-${shade}`, fallback);
  return {
    text: read(style, '--text-color', dark ? '#e5e7eb' : '#374151'),
    muted: read(style, '--text-color-secondary', dark ? '#9ca3af' : '#6b7280'),
    grid: read(style, '--surface-border', dark ? '#374151' : '#e5e7eb'),
    income: read(style, '--app-accent', '#14b8a6'),
    expense: palette('red', '#dc2626'),
    vendor: palette('orange', '#ea580c'),
    refund: palette('purple', '#9333ea'),
    profit: read(style, dark ? '--app-secondary-light' : '--app-secondary-strong', '#2563eb'),
    categories: ['orange', 'blue', 'pink', 'teal', 'purple', 'green', 'gray'].map((hue) => palette(hue, '#6b7280')),
  };
}

/** The theme's colours and the page's direction, read again whenever the theme or the direction changes. */
function useChartTheme() {
  const [theme, setTheme] = useState(() => ({ colors: themeColors(), rtl: document.documentElement.dir === 'rtl' }));
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme({ colors: themeColors(), rtl: document.documentElement.dir === 'rtl' }));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'dir'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/** An axis tick: money in the organization's currency, short (`$12K`), from minor units. */
function useCompactMoney(currency: string) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const tag = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
    const format = new Intl.NumberFormat(tag, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    const digits = currencyDigits(currency);
    // Intl reads the exact decimal text; a tick between two whole minor units is rounded to one.
    return (minor: number) => format.format(minorToDecimal(Math.round(minor), digits) as unknown as number);
  }, [i18n.language, currency]);
}

export function SummaryChart({ answer }: { answer: SummaryAnswer }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const names = useMonthName();
  const { colors, rtl } = useChartTheme();
  const currency = answer.summary.currency;
  const compact = useCompactMoney(currency);
  const money = (minor: number) => fmt.money(minor, currency);
  // Canvas text follows the page's direction: an amount drawn in Arabic keeps its own order inside an isolate (LRI … PDI).
  const drawn = (text: string) => `\u2066${text}\u2069`;
  const months = answer.months;
  const byCategory = EXPENSE_CATEGORIES.map((c, i) => ({ category: c, amount: answer.summary.expenses.byCategory[c], color: colors.categories[i % colors.categories.length]! })).filter((c) => c.amount !== 0);

  const monthsData = useMemo(() => {
    // A target is a dash across its month (a lone month's target is seen too), joined month to month by a dashed line.
    const dashed = { type: 'line' as const, borderDash: [6, 4], pointStyle: 'line' as const, pointRadius: 14, pointHoverRadius: 16, pointBorderWidth: 3, borderWidth: 2, fill: false, spanGaps: true, order: 0 };
    return {
      labels: months.map((m) => names.short(m.month)),
      datasets: [
        { type: 'bar' as const, label: t('accountSummary.figures.income'), data: months.map((m) => m.income.total), backgroundColor: colors.income, stack: 'in', order: 2 },
        { type: 'bar' as const, label: t('accountSummary.figures.expenses'), data: months.map((m) => m.expenses.total), backgroundColor: colors.expense, stack: 'out', order: 2 },
        { type: 'bar' as const, label: t('accountSummary.figures.vendorCosts'), data: months.map((m) => m.vendorCosts), backgroundColor: colors.vendor, stack: 'out', order: 2 },
        { type: 'bar' as const, label: t('accountSummary.figures.refunds'), data: months.map((m) => m.refunds), backgroundColor: colors.refund, stack: 'out', order: 2 },
        { type: 'line' as const, label: t('accountSummary.figures.profit'), data: months.map((m) => m.profit), borderColor: colors.profit, backgroundColor: colors.profit, borderWidth: 2, pointRadius: 3, order: 1 },
        { ...dashed, label: t('accountSummary.chart.incomeTarget'), data: months.map((m) => m.incomeTarget), borderColor: colors.income, backgroundColor: colors.income },
        { ...dashed, label: t('accountSummary.chart.expenseTarget'), data: months.map((m) => m.expenseTarget), borderColor: colors.expense, backgroundColor: colors.expense },
      ],
    };
  }, [months, names, colors, t]);

  const monthsOptions = useMemo(
    () => ({
      maintainAspectRatio: false,
      responsive: true,
      // Drawn at once: the chart is drawn anew whenever the month's figures change, and a chart that
      // grows again each time moves for nothing (and a screenshot would catch it halfway).
      animation: false as const,
      interaction: { mode: 'index' as const, intersect: false },
      // Month names lean away from their tick: room for the first one at the far end, whichever side it is.
      layout: { padding: { left: rtl ? 28 : 0 } },
      plugins: {
        legend: { rtl, position: 'bottom' as const, labels: { color: colors.text, usePointStyle: true, boxHeight: 8, sort: (a: { datasetIndex?: number }, b: { datasetIndex?: number }) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) } },
        tooltip: { rtl, textDirection: rtl ? 'rtl' : 'ltr', callbacks: { label: (c: { dataset: { label?: string }; parsed: { y: number | null } }) => `${c.dataset.label}: ${c.parsed.y === null ? '—' : drawn(money(c.parsed.y))}` } },
      },
      scales: {
        x: { reverse: rtl, stacked: true, ticks: { color: colors.muted }, grid: { color: colors.grid } },
        y: { stacked: false, position: rtl ? ('right' as const) : ('left' as const), ticks: { color: colors.muted, callback: (v: number | string) => drawn(compact(Number(v))) }, grid: { color: colors.grid } },
      },
    }),
    [rtl, colors, compact, currency, fmt],
  );

  const categoryData = useMemo(
    () => ({
      labels: byCategory.map((c) => t(`finance.accounts.expense.${c.category}`)),
      datasets: [{ data: byCategory.map((c) => c.amount), backgroundColor: byCategory.map((c) => c.color), borderColor: colors.grid, borderWidth: 1 }],
    }),
    [byCategory.map((c) => `${c.category}:${c.amount}:${c.color}`).join(), t, colors],
  );
  const categoryOptions = useMemo(
    () => ({
      maintainAspectRatio: false,
      responsive: true,
      // Drawn at once: the chart is drawn anew whenever the month's figures change, and a chart that
      // grows again each time moves for nothing (and a screenshot would catch it halfway).
      animation: false as const,
      plugins: {
        legend: { rtl, position: 'bottom' as const, labels: { color: colors.text, usePointStyle: true, boxHeight: 8 } },
        tooltip: { rtl, textDirection: rtl ? 'rtl' : 'ltr', callbacks: { label: (c: { label?: string; parsed: number }) => `${c.label}: ${drawn(money(c.parsed))}` } },
      },
    }),
    [rtl, colors, currency, fmt],
  );

  const monthName = names.long(answer.summary.month);
  return (
    <div className="summary-charts">
      <section className="card summary-chart" aria-labelledby="summary-chart-months">
        <h2 id="summary-chart-months">{t('accountSummary.chart.monthsTitle')}</h2>
        <div className="summary-chart__canvas" data-testid="summary-chart">
          <Chart type="bar" data={monthsData} options={monthsOptions} style={{ height: '100%' }} pt={{ canvas: { 'aria-hidden': true } }} />
        </div>
        {/* A table is as wide as its content whatever its width says: the box around it is what hides it. */}
        <div className="visually-hidden">
          <table data-testid="summary-chart-table">
            <caption>{t('accountSummary.chart.monthsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('accountSummary.chart.month')}</th>
                <th scope="col">{t('accountSummary.figures.income')}</th>
                <th scope="col">{t('accountSummary.chart.incomeTarget')}</th>
                <th scope="col">{t('accountSummary.figures.expenses')}</th>
                <th scope="col">{t('accountSummary.chart.expenseTarget')}</th>
                <th scope="col">{t('accountSummary.figures.vendorCosts')}</th>
                <th scope="col">{t('accountSummary.figures.refunds')}</th>
                <th scope="col">{t('accountSummary.figures.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <th scope="row">{names.long(m.month)}</th>
                  <td data-figure="income">{money(m.income.total)}</td>
                  <td data-figure="incomeTarget">{m.incomeTarget === null ? '—' : money(m.incomeTarget)}</td>
                  <td data-figure="expenses">{money(m.expenses.total)}</td>
                  <td data-figure="expenseTarget">{m.expenseTarget === null ? '—' : money(m.expenseTarget)}</td>
                  <td data-figure="vendorCosts">{money(m.vendorCosts)}</td>
                  <td data-figure="refunds">{money(m.refunds)}</td>
                  <td data-figure="profit">{money(m.profit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card summary-chart" aria-labelledby="summary-chart-categories">
        <h2 id="summary-chart-categories">{t('accountSummary.chart.categoriesTitle', { month: monthName })}</h2>
        {byCategory.length ? (
          <div className="summary-chart__canvas summary-chart__canvas--round" data-testid="category-chart">
            <Chart type="doughnut" data={categoryData} options={categoryOptions} style={{ height: '100%' }} pt={{ canvas: { 'aria-hidden': true } }} />
          </div>
        ) : (
          <p className="muted">{t('accountSummary.chart.noExpenses', { month: monthName })}</p>
        )}
        <div className="visually-hidden">
          <table data-testid="category-chart-table">
            <caption>{t('accountSummary.chart.categoriesTitle', { month: monthName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('accountSummary.budget.category')}</th>
                <th scope="col">{t('accountSummary.budget.actual')}</th>
              </tr>
            </thead>
            <tbody>
              {EXPENSE_CATEGORIES.map((c) => (
                <tr key={c} data-category={c}>
                  <th scope="row">{t(`finance.accounts.expense.${c}`)}</th>
                  <td>{money(answer.summary.expenses.byCategory[c])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
