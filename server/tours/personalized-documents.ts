import { personalizedTourPaths, type PersonalizedTourDetail } from '../../src/api/tours/personalized/contract';
import { documentRoutes, fill, brochureTemplate, type BrochureData, type TourDocumentContact } from '../documents';
import type { RecordDocument } from '../documents';
import { allow } from '../http/route';
import { tourContact } from './plan';
import { personalizedTourDetail } from './personalized';

/** A personalized tour as its brochure shows it: the plan, the inclusions and the selling prices, never a line's cost or markup. */
export function brochureData(tour: PersonalizedTourDetail, contact: TourDocumentContact | null): BrochureData {
  return {
    title: tour.title,
    description: tour.description,
    nights: tour.totalNights,
    regions: tour.regions.map((r) => r.name),
    destinations: tour.destinations.map((d) => d.name),
    contact,
    days: tour.days.map((d) => ({
      dayNumber: d.dayNumber,
      date: null,
      destination: d.destination.name,
      hotel: d.hotel ? { name: d.hotel.name, stars: d.hotel.stars, roomType: d.roomType } : null,
      activities: d.activities.map((a) => a.name),
      transfers: d.transfers,
      meals: d.meals,
      notes: d.notes,
    })),
    inclusions: tour.inclusions,
    exclusions: tour.exclusions,
    prices: { currency: tour.currency, ...tour.pricePerPerson },
  };
}

/**
 * The personalized tour's brochure: `GET /personalized-tours/{id}/pdf?lang=`,
 * `POST /personalized-tours/{id}/send` and `GET /personalized-tours/{id}/sends`. Whoever may see
 * personalized tours may send their brochure (a sales agent shares one with a customer; the tour
 * does not change).
 */
export const personalizedDocumentRoutes = documentRoutes({
  endpoints: personalizedTourPaths.brochure,
  read: allow('personalizedTours', 'view'),
  send: allow('personalizedTours', 'view'),
  async load(tx, { id }): Promise<RecordDocument<BrochureData>> {
    const tour = await personalizedTourDetail(tx, id);
    return {
      recordType: 'personalized-tour',
      recordId: tour._id,
      recordLabel: tour.title,
      template: brochureTemplate,
      data: brochureData(tour, await tourContact(tx, tour.pointOfContact)),
      email: (s, organization) => ({
        subject: fill(s.email.brochureSubject, { title: tour.title, organization }),
        message: fill(s.email.brochureMessage, { title: tour.title, organization }),
      }),
    };
  },
});
