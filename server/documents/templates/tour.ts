import type { Meal } from '../../../src/api/tours/tour-plan';
import type { DocumentTemplate, DocumentWriter } from '../render';

/**
 * The documents of a tour: the itinerary of a customized tour (one lead's trip, with dates,
 * travellers and what it costs them) and the brochure of a personalized tour (a package, priced per
 * person). Both are plain data, so whatever stores a tour maps it here; neither carries a cost or a
 * markup (the renderer refuses a customer document whose data has one).
 */

/** One day of a tour as the customer reads it. */
export interface TourDocumentDay {
  dayNumber: number;
  /** `YYYY-MM-DD`; a package's days have none (it has no departure date). */
  date: string | null;
  destination: string;
  hotel: { name: string; stars: number | null; roomType: string | null } | null;
  activities: string[];
  transfers: string | null;
  meals: Meal[];
  notes: string | null;
}

/** Who at the organization the customer talks to. */
export interface TourDocumentContact {
  name: string;
  email: string | null;
  phone: string | null;
}

/** The itinerary of a customized tour, as sent to its lead. */
export interface ItineraryData {
  title: string;
  /** The version of the tour that is sent (customized tours are versioned when sent). */
  version: number | null;
  /** The lead's name. */
  customer: string;
  departure: string;
  arrival: string;
  nights: number;
  travellers: { adults: number; children: number; infants: number };
  destinations: string[];
  contact: TourDocumentContact | null;
  days: TourDocumentDay[];
  inclusions: string[];
  exclusions: string[];
  /** Selling prices only, in minor units of `currency`: by line, in total and per person. */
  price: { currency: string; lines: { description: string; amount: number }[]; total: number; perPerson: number };
  /** Until when the quote holds (`YYYY-MM-DD`). */
  validUntil: string | null;
}

/** The brochure of a personalized tour (a package). */
export interface BrochureData {
  title: string;
  description: string | null;
  nights: number;
  regions: string[];
  destinations: string[];
  contact: TourDocumentContact | null;
  days: TourDocumentDay[];
  inclusions: string[];
  exclusions: string[];
  /** Selling price per person by traveller type, minor units of `currency`. */
  prices: { currency: string; adult: number; child: number; infant: number };
}

/** Safe in a file name on any disk. */
const fileSafe = (text: string) => text.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'tour';

const stars = (n: number | null) => (n ? '★'.repeat(Math.max(1, Math.min(5, n))) : '');

function hotelLine(day: TourDocumentDay) {
  if (!day.hotel) return null;
  const { name, roomType } = day.hotel;
  return [name, stars(day.hotel.stars), roomType ? `(${roomType})` : ''].filter(Boolean).join(' ');
}

/** The table of days: one row each, with the date when the tour has dates. */
function atAGlance(w: DocumentWriter, days: TourDocumentDay[]) {
  const t = w.s.tour;
  const dated = days.some((d) => d.date);
  w.heading(t.atAGlance);
  w.table(
    [
      { header: t.dayColumn, width: 1.1 },
      ...(dated ? [{ header: t.date, width: 2.2 }] : []),
      { header: t.destination, width: 2.4 },
      { header: t.hotel, width: 3.6 },
    ],
    days.map((d) => [w.format.number(d.dayNumber), ...(dated ? [d.date ? w.format.date(d.date) : ''] : []), d.destination, hotelLine(d) ?? '—']),
  );
}

/** Each day: its heading (number, date, destination), then the hotel, activities, transfers, meals and notes. */
function dayByDay(w: DocumentWriter, days: TourDocumentDay[]) {
  const t = w.s.tour;
  w.newPage();
  w.heading(t.dayByDay);
  for (const day of days) {
    const title = [w.t(t.day, { day: w.format.number(day.dayNumber) }), day.date ? w.format.date(day.date) : null, day.destination].filter(Boolean).join(' · ');
    const rows: [string, string][] = [];
    const hotel = hotelLine(day);
    if (hotel) rows.push([t.hotel, hotel]);
    if (day.activities.length) rows.push([t.activities, day.activities.join('\n')]);
    if (day.transfers) rows.push([t.transfers, day.transfers]);
    if (day.meals.length) rows.push([t.meals, day.meals.map((m) => t.mealNames[m]).join(', ')]);
    // A day stays on one page with its heading.
    w.subheading(title, rows.length ? w.fieldsHeight(rows) : 0);
    if (rows.length) w.fields(rows);
    if (day.notes) w.paragraph(day.notes);
  }
}

function inclusions(w: DocumentWriter, included: string[], excluded: string[]) {
  const t = w.s.tour;
  if (included.length) {
    w.heading(t.inclusions);
    w.list(included);
  }
  if (excluded.length) {
    w.heading(t.exclusions);
    w.list(excluded);
  }
}

function contactRows(w: DocumentWriter, person: TourDocumentContact): [string, string][] {
  const t = w.s.tour;
  return [[t.contactName, person.name], ...(person.email ? [[t.email, person.email] as [string, string]] : []), ...(person.phone ? [[t.phone, person.phone] as [string, string]] : [])];
}

/** The height the contact block takes (its heading and fields): what ends a document keeps it company (issue 27). */
const contactHeight = (w: DocumentWriter, person: TourDocumentContact | null) => (person ? 48 + w.fieldsHeight(contactRows(w, person)) : 0);

function contact(w: DocumentWriter, person: TourDocumentContact | null) {
  if (!person) return;
  const rows = contactRows(w, person);
  w.heading(w.s.tour.contact, w.fieldsHeight(rows));
  w.fields(rows);
}

export const itineraryTemplate: DocumentTemplate<ItineraryData> = {
  kind: 'itinerary',
  audience: 'customer',
  title: (d, s) => `${s.tour.itinerary} · ${d.title}`,
  fileName: (d, s) => `${fileSafe(`${s.tour.itinerary} ${d.title}`)}${d.version ? ` v${d.version}` : ''}.pdf`,
  render(w, d) {
    const t = w.s.tour;
    const range = w.t(t.dateRange, { from: w.format.date(d.departure), to: w.format.date(d.arrival) });
    w.cover(t.itinerary, d.title, w.t(t.preparedFor, { name: d.customer }), [`${range} · ${w.plural(t.nightsCount, d.nights)}`, d.destinations.join(' · ')].filter(Boolean));
    w.fields([
      [t.dates, range],
      [t.nights, w.format.number(d.nights)],
      [t.adults, w.format.number(d.travellers.adults)],
      ...(d.travellers.children ? [[t.children, w.format.number(d.travellers.children)] as [string, string]] : []),
      ...(d.travellers.infants ? [[t.infants, w.format.number(d.travellers.infants)] as [string, string]] : []),
      ...(d.version ? [[t.version, w.format.number(d.version)] as [string, string]] : []),
    ]);
    atAGlance(w, d.days);
    dayByDay(w, d.days);
    inclusions(w, d.inclusions, d.exclusions);
    w.heading(t.priceSummary);
    const money = (n: number) => w.format.money(n, d.price.currency);
    w.table(
      [
        { header: t.service, width: 5 },
        { header: t.amount, width: 2, align: 'end' },
      ],
      d.price.lines.map((l) => [l.description, money(l.amount)]),
      [[t.total, money(d.price.total)]],
    );
    // The price per person, the quote's validity and the contact end the document together: the contact never stands alone on the last page.
    const validUntil = d.validUntil ? w.t(t.validUntil, { date: w.format.date(d.validUntil) }) : null;
    w.ensure(72 + (validUntil ? w.paragraphHeight(validUntil) : 0) + contactHeight(w, d.contact));
    w.amountBox(t.pricePerPerson, money(d.price.perPerson));
    if (validUntil) w.paragraph(validUntil, { muted: true });
    contact(w, d.contact);
  },
};

export const brochureTemplate: DocumentTemplate<BrochureData> = {
  kind: 'brochure',
  audience: 'customer',
  title: (d) => d.title,
  fileName: (d) => `${fileSafe(d.title)}.pdf`,
  render(w, d) {
    const t = w.s.tour;
    const money = (n: number) => w.format.money(n, d.prices.currency);
    const from = w.t(t.pricesFrom, { price: money(d.prices.adult) });
    w.cover(null, d.title, w.plural(t.nightsCount, d.nights), [d.destinations.join(' · '), from].filter(Boolean));
    if (d.description) w.paragraph(d.description);
    atAGlance(w, d.days);
    dayByDay(w, d.days);
    inclusions(w, d.inclusions, d.exclusions);
    // The prices (a heading, three rows), their note and the contact end the document together.
    const note = w.t(t.pricesNote, { currency: d.prices.currency });
    w.ensure(170 + w.paragraphHeight(note) + contactHeight(w, d.contact));
    w.heading(t.prices);
    w.table(
      [
        { header: t.traveller, width: 5 },
        { header: t.pricePerPerson, width: 2, align: 'end' },
      ],
      [
        [t.adult, money(d.prices.adult)],
        [t.child, money(d.prices.child)],
        [t.infant, money(d.prices.infant)],
      ],
    );
    w.paragraph(note, { muted: true });
    contact(w, d.contact);
  },
};
