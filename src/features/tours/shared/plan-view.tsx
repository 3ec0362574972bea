import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueRef } from '../../../api/catalogue/regions/contract';
import { TRAVELLER_TYPES, type LineKind, type LineUnit, type MarkupType, type Meal, type TravellerPrices } from '../../../api/tours/tour-plan';
import { livePrice, type PricedLine } from '../../../domain/tour-pricing';
import { useFormatters } from '../../../ui/format';
import './tours.css';

/** A tour read, for every kind: place names, prices per traveller type, the plan day by day, the priced lines as staff read them. */

export const names = (refs: CatalogueRef[]) => refs.map((r) => r.name).join(', ');

/** Basis points as a percentage (`1550` → `15.5 %`), in the member's numbers. */
export function usePercent() {
  const fmt = useFormatters();
  return (basisPoints: number) => `${fmt.number(basisPoints / 100)} %`;
}

/** A markup as staff read it: a percentage, or an amount per unit. */
export function useMarkupText(currency: string) {
  const fmt = useFormatters({ currency });
  const percent = usePercent();
  return (line: { markupType: MarkupType; markup: number }) => (line.markupType === 'percent' ? percent(line.markup) : fmt.money(line.markup));
}

/** Adult, child and infant prices of a tour, in its currency. */
export function PriceList({ prices, currency }: { prices: TravellerPrices; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  return (
    <dl className="price-list">
      {TRAVELLER_TYPES.map((type) => (
        <div key={type}>
          <dt>{t(`tourPlan.${type}`)}</dt>
          <dd className="money">{fmt.money(prices[type])}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ReadDay {
  dayNumber: number;
  date?: string;
  destination: CatalogueRef;
  hotel: (CatalogueRef & { stars?: number }) | null;
  roomType: string | null;
  activities: CatalogueRef[];
  meals: Meal[];
  transfers: string | null;
  notes: string | null;
}

function DayDetails({ d }: { d: ReadDay }) {
  const { t } = useTranslation();
  const row = (label: string, value: ReactNode) => (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <dl className="detail-list">
      {row(t('tourPlan.days.destination'), d.destination.name)}
      {row(
        t('tourPlan.days.hotel'),
        d.hotel ? (
          <>
            {d.hotel.name} <span className="stars" aria-hidden="true">{'★'.repeat(d.hotel.stars ?? 0)}</span>
            {d.roomType && <span className="muted"> · {d.roomType}</span>}
          </>
        ) : (
          t('tourPlan.none')
        ),
      )}
      {d.activities.length > 0 && row(t('tourPlan.days.activities'), names(d.activities))}
      {d.meals.length > 0 && row(t('tourPlan.days.meals'), d.meals.map((m) => t(`tourPlan.meals.${m}`)).join(', '))}
      {d.transfers && row(t('tourPlan.days.transfers'), d.transfers)}
      {d.notes && row(t('tourPlan.days.notes'), <span style={{ whiteSpace: 'pre-wrap' }}>{d.notes}</span>)}
    </dl>
  );
}

/** The plan, read-only: one card per day, with its date when the tour has one. */
export function DayList({ days }: { days: ReadDay[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  if (!days.length) return <p className="muted">{t('tourPlan.days.empty')}</p>;
  return (
    <ol className="day-list" data-testid="day-list">
      {days.map((d) => (
        <li key={d.dayNumber} className="card day-card" data-day={d.dayNumber}>
          <h3>{d.date ? t('tourPlan.days.dayOn', { number: d.dayNumber, date: fmt.date(d.date) }) : t('tourPlan.days.day', { number: d.dayNumber })}</h3>
          <DayDetails d={d} />
        </li>
      ))}
    </ol>
  );
}

/** A lines table's header row: its columns, and an unnamed one for the row's actions when it has them. */
export function LinesHead({ headers, actions }: { headers: string[]; actions?: string }) {
  return (
    <thead>
      <tr>
        {headers.map((h) => (
          <th key={h} scope="col">
            {h}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A priced line as staff read it; a customized tour's carries the figures the server stored. */
export interface ReadLine extends Partial<PricedLine> {
  kind: LineKind;
  dayNumber: number | null;
  description: string;
  hotel: CatalogueRef | null;
  roomType: string | null;
  activity: CatalogueRef | null;
  vendor: { _id: string; name: string } | null;
  quantity: number;
  unit: LineUnit;
  unitCost: number;
  markupType: MarkupType;
  markup: number;
}

/**
 * The priced lines as staff read them: cost, markup and price of each (the stored figures, or the
 * pricing function's for a personalized tour's lines). A card per line where the column is narrow.
 */
export function PricedLines({ lines, currency, label: regionLabel, testId }: { lines: ReadLine[]; currency: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  const markup = useMarkupText(currency);
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  if (!lines.length) return <p className="muted">{label('empty')}</p>;
  const headers = [label('kind'), label('day'), label('description'), label('quantity'), label('unitCost'), label('markupType'), label('unitPrice'), label('lineCost'), label('lineSell')];
  const figure = (value: number | undefined) => (value === undefined ? '—' : fmt.money(value));
  return (
    // Focusable, so the keyboard can scroll it when it is wider than the screen.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={regionLabel}>
      <table className="lines-table stacked-table" data-testid={testId}>
        <LinesHead headers={headers} />
        <tbody>
          {lines.map((l, i) => {
            const priced: Partial<PricedLine> = l.unitPrice === undefined ? (livePrice(l) ?? {}) : l;
            const cells = [
              t(`tourPlan.lines.kinds.${l.kind}`),
              l.dayNumber ? t('tourPlan.days.day', { number: l.dayNumber }) : label('wholeTour'),
              <>
                {l.description}
                {(l.hotel || l.activity || l.vendor) && <div className="muted">{[l.hotel && `${l.hotel.name}${l.roomType ? ` · ${l.roomType}` : ''}`, l.activity?.name, l.vendor?.name].filter(Boolean).join(' — ')}</div>}
              </>,
              <>
                {fmt.number(l.quantity)} <span className="muted">{t(`tourPlan.lines.units.${l.unit}`)}</span>
              </>,
              fmt.money(l.unitCost),
              markup(l),
              figure(priced.unitPrice),
              figure(priced.lineCost),
              figure(priced.lineSell),
            ];
            return (
              <tr key={i} data-kind={l.kind}>
                {cells.map((cell, c) => (
                  <td key={c} data-label={headers[c]} className={c === 2 ? 'line-description' : c >= 4 ? 'money' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
