import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TourDay, TourLine, TourSnapshot, TourTotals, TourVersionSummary } from '../../api/tours/customized/contract';
import type { LineKind, LineUnit, MarkupType, Meal } from '../../api/tours/tour-plan';
import { useFormatters } from '../../ui/format';
import { moduleRecordPath } from '../../ui/module-paths';
import './customized-tours.css';

/**
 * Read-only pieces of a customized tour: the customer view (what the traveller will see: days and
 * selling prices, never a cost or a markup), the staff's priced lines, the totals, the sent versions.
 */

/** A day as the customer view shows it: names, not ids. */
export interface ItineraryDay {
  dayNumber: number;
  date: string;
  destination: string;
  hotel: string | null;
  roomType: string | null;
  rooms: number | null;
  activities: string[];
  meals: Meal[];
  transfers: string | null;
  notes: string | null;
}

/** A line as the customer sees it: what it is and what it sells for. */
export interface ItineraryLine {
  kind: LineKind;
  dayNumber: number | null;
  description: string;
  quantity: number;
  unit: LineUnit;
  unitPrice: number;
  lineSell: number;
}

export interface Itinerary {
  title: string;
  currency: string;
  departure: string;
  arrival: string;
  adults: number;
  children: number;
  infants: number;
  days: ItineraryDay[];
  lines: ItineraryLine[];
  totals: Pick<TourTotals, 'sell' | 'pricePerPerson'> | null;
}

export const itineraryDay = (d: TourDay): ItineraryDay => ({
  dayNumber: d.dayNumber,
  date: d.date,
  destination: d.destination.name,
  hotel: d.hotel?.name ?? null,
  roomType: d.roomType,
  rooms: d.rooms,
  activities: d.activities.map((a) => a.name),
  meals: d.meals,
  transfers: d.transfers,
  notes: d.notes,
});

/** A stored tour (or a sent version's snapshot) as the customer view reads it. */
export const itineraryOf = (tour: TourSnapshot): Itinerary => ({
  title: tour.title,
  currency: tour.currency,
  departure: tour.departure,
  arrival: tour.arrival,
  adults: tour.adults,
  children: tour.children,
  infants: tour.infants,
  days: tour.days.map(itineraryDay),
  lines: tour.lines,
  totals: tour.totals,
});

function LineItems({ lines, currency }: { lines: ItineraryLine[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  if (!lines.length) return null;
  return (
    <ul className="itinerary-lines">
      {lines.map((l, i) => (
        <li key={i} data-kind={l.kind}>
          <span>{l.description}</span>
          <span className="muted">{t('tours.customer.quantityTimes', { quantity: fmt.number(l.quantity), unit: t(`tourPlan.lines.units.${l.unit}`), price: fmt.money(l.unitPrice) })}</span>
          <span className="money">{fmt.money(l.lineSell)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the traveller will see: the trip day by day with what each day includes and sells for,
 * the items for the whole trip, the price and the price per person. No cost, no markup.
 */
export function CustomerView({ itinerary, headingLevel = 2 }: { itinerary: Itinerary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency: itinerary.currency });
  const H = `h${headingLevel}` as 'h2';
  const D = `h${headingLevel + 1}` as 'h3';
  const whole = itinerary.lines.filter((l) => l.dayNumber === null);
  const travellers = [
    t('tours.customer.adults', { count: itinerary.adults }),
    itinerary.children ? t('tours.customer.children', { count: itinerary.children }) : '',
    itinerary.infants ? t('tours.customer.infants', { count: itinerary.infants }) : '',
  ].filter(Boolean);
  return (
    <section className="card stack customer-view" aria-labelledby="customer-view-title" data-testid="customer-view">
      <div>
        <H id="customer-view-title" style={{ margin: 0 }}>
          {t('tours.customer.title')}
        </H>
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.customer.hint')}
        </p>
      </div>
      <div>
        <strong>{itinerary.title || t('tours.untitled')}</strong>
        {itinerary.departure && itinerary.arrival && (
          <div className="muted">
            {t('tours.customer.dates', { from: fmt.date(itinerary.departure), to: fmt.date(itinerary.arrival) })} · {travellers.join(', ')}
          </div>
        )}
      </div>
      {itinerary.days.length === 0 ? (
        <p className="muted">{t('tourPlan.days.empty')}</p>
      ) : (
        <ol className="itinerary-days">
          {itinerary.days.map((d) => (
            <li key={d.dayNumber} data-day={d.dayNumber}>
              <D>{t('tourPlan.days.dayOn', { number: d.dayNumber, date: fmt.date(d.date) })}</D>
              <div className="itinerary-place">{d.destination}</div>
              {d.hotel && (
                <div>
                  <i className="pi pi-building" aria-hidden="true" /> {d.hotel}
                  {d.roomType && <span className="muted"> · {t('tours.customer.rooms', { count: d.rooms ?? 1, room: d.roomType })}</span>}
                </div>
              )}
              {d.activities.length > 0 && (
                <div>
                  <i className="pi pi-compass" aria-hidden="true" /> {d.activities.join(', ')}
                </div>
              )}
              {d.meals.length > 0 && <div className="muted">{t('tours.customer.meals', { meals: d.meals.map((m) => t(`tourPlan.meals.${m}`)).join(', ') })}</div>}
              {d.transfers && <div className="muted">{d.transfers}</div>}
              {d.notes && <div style={{ whiteSpace: 'pre-wrap' }}>{d.notes}</div>}
              <LineItems lines={itinerary.lines.filter((l) => l.dayNumber === d.dayNumber)} currency={itinerary.currency} />
            </li>
          ))}
        </ol>
      )}
      {whole.length > 0 && (
        <div>
          <D style={{ margin: 0 }}>{t('tours.customer.wholeTrip')}</D>
          <LineItems lines={whole} currency={itinerary.currency} />
        </div>
      )}
      {itinerary.totals && (
        <dl className="customer-total" data-testid="customer-total">
          <div>
            <dt>{t('tours.totals.sell')}</dt>
            <dd className="money">{fmt.money(itinerary.totals.sell)}</dd>
          </div>
          {itinerary.totals.pricePerPerson !== null && (
            <div>
              <dt>{t('tours.totals.pricePerPerson')}</dt>
              <dd className="money">{fmt.money(itinerary.totals.pricePerPerson)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

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

/**
 * The tour's figures: cost, price, margin (amount and share of the price), price per person. The
 * `data-*` attributes carry the minor units, for tests that read the figures.
 */
export function TotalsCard({ totals, currency, tooLarge, live }: { totals: TourTotals | null; currency: string; tooLarge?: boolean; live?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  const percent = usePercent();
  const none = t('tourPlan.none');
  const figures = totals ?? { cost: 0, sell: 0, margin: 0, marginBasisPoints: null, pax: 0, pricePerPerson: null };
  return (
    <section
      className="card tour-totals"
      aria-labelledby="tour-totals-title"
      data-testid="tour-totals"
      data-cost={figures.cost}
      data-sell={figures.sell}
      data-margin={figures.margin}
      data-per-person={figures.pricePerPerson ?? ''}
    >
      <h2 id="tour-totals-title" className="workflow-panel__title">
        {t('tours.totals.title')}
      </h2>
      {tooLarge ? (
        <p className="field-error" role="alert">
          {t('tours.totals.tooLarge')}
        </p>
      ) : (
        // Read out as they change while the lines are typed.
        <dl className="totals-grid" aria-live={live ? 'polite' : undefined}>
          <div>
            <dt>{t('tours.totals.cost')}</dt>
            <dd className="money">{fmt.money(figures.cost)}</dd>
          </div>
          <div>
            <dt>{t('tours.totals.sell')}</dt>
            <dd className="money">{fmt.money(figures.sell)}</dd>
          </div>
          <div>
            <dt>{t('tours.totals.margin')}</dt>
            <dd>
              <span className="money">{fmt.money(figures.margin)}</span>
              {figures.marginBasisPoints !== null && <div className="muted totals-share">{percent(figures.marginBasisPoints)}</div>}
            </dd>
          </div>
          <div>
            <dt>{t('tours.totals.pricePerPerson')}</dt>
            <dd className="money">{figures.pricePerPerson === null ? none : fmt.money(figures.pricePerPerson)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The priced lines as staff read them: cost, markup and price of each. */
export function StaffLines({ lines, currency }: { lines: TourLine[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  const markup = useMarkupText(currency);
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  if (!lines.length) return <p className="muted">{t('tourPlan.lines.empty')}</p>;
  const headers = [label('kind'), label('day'), label('description'), label('quantity'), label('unitCost'), label('markupType'), t('tourPlan.lines.unitPrice'), t('tourPlan.lines.lineCost'), t('tourPlan.lines.lineSell')];
  return (
    // Focusable, so the keyboard can scroll it when it is wider than the screen.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('tours.staffView')}>
      <table className="lines-table stacked-table" data-testid="staff-lines">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i} data-kind={l.kind}>
              <td data-label={headers[0]}>{t(`tourPlan.lines.kinds.${l.kind}`)}</td>
              <td data-label={headers[1]}>{l.dayNumber ? t('tourPlan.days.day', { number: l.dayNumber }) : label('wholeTour')}</td>
              <td data-label={headers[2]} className="line-description">
                {l.description}
                {(l.hotel || l.activity || l.vendor) && <div className="muted">{[l.hotel && `${l.hotel.name}${l.roomType ? ` · ${l.roomType}` : ''}`, l.activity?.name, l.vendor?.name].filter(Boolean).join(' — ')}</div>}
              </td>
              <td data-label={headers[3]}>
                {fmt.number(l.quantity)} <span className="muted">{t(`tourPlan.lines.units.${l.unit}`)}</span>
              </td>
              <td data-label={headers[4]} className="money">
                {fmt.money(l.unitCost)}
              </td>
              <td data-label={headers[5]} className="money">
                {markup(l)}
              </td>
              <td data-label={headers[6]} className="money">
                {fmt.money(l.unitPrice)}
              </td>
              <td data-label={headers[7]} className="money">
                {fmt.money(l.lineCost)}
              </td>
              <td data-label={headers[8]} className="money">
                {fmt.money(l.lineSell)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The versions sent to the customer, newest first; each opens exactly as it was sent. */
export function VersionHistory({ tourId, versions, currency }: { tourId: string; versions: TourVersionSummary[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  return (
    <section className="card stack" aria-labelledby="tour-versions-title" data-testid="tour-versions">
      <h2 id="tour-versions-title" className="workflow-panel__title">
        {t('tours.versions.title')}
      </h2>
      {versions.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.versions.none')}
        </p>
      ) : (
        <ol className="version-list">
          {versions.map((v) => (
            <li key={v.version} data-version={v.version}>
              <Link to={`${moduleRecordPath('customizedTours', tourId)}/versions/${v.version}`}>{t('tours.versions.version', { version: v.version })}</Link>
              <span className="muted">
                {t('tours.versions.sent', { when: fmt.dateTime(v.sentAt), who: v.sentBy?.name ?? t('tours.versions.someone') })}
                {v.to && ` · ${t('tours.versions.to', { to: v.to })}`}
              </span>
              <span className="money">{fmt.money(v.totalSell)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
