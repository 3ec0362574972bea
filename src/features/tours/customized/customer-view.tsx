import { useTranslation } from 'react-i18next';
import type { TourDay, TourSnapshot, TourTotals } from '../../../api/tours/customized/contract';
import type { LineKind, LineUnit, Meal } from '../../../api/tours/tour-plan';
import { useFormatters } from '../../../ui/format';
import './customized.css';

/** The customer view of a customized tour: what the traveller will see, days and selling prices, never a cost or a markup. */

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
