import type { ActivityCategory, ActivityDifficulty } from '../../src/api/catalogue/activities/contract';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import { slugify } from '../../src/api/common/slug';
import type { Tx } from '../db/client';
import { activities, destinations, hotels, regions, reviews } from './schema';

/**
 * The demo catalogue, generated from compact tables so the itinerary planner has something real to
 * plan with: each destination gets three hotels (5, 4 and 3 stars, named from its landmarks and
 * kind) and three or more activities (its signature ones plus two of its kind's). Deterministic:
 * the same data on every start and in every test.
 */
type Kind = 'city' | 'beach' | 'island' | 'safari' | 'desert' | 'heritage' | 'mountain';

/** `name|category|difficulty|minutes|price in whole USD`; `{D}` is the destination, `{L1}`/`{L2}` its landmarks. */
type ActivityLine = string;

interface DestinationLine {
  name: string;
  country: string;
  region: string;
  kind: Kind;
  /** Price level against the average, in percent (hotel rates and template activities). */
  priceLevel: number;
  landmarks: [string, string];
  signature: ActivityLine[];
}

export interface CatalogueSeed {
  regions: [name: string, description: string][];
  destinations: DestinationLine[];
  reviews: [customerName: string, rating: number, text: string, destination: string | null, published: boolean][];
}

const d = (name: string, country: string, region: string, kind: Kind, priceLevel: number, landmarks: [string, string], ...signature: ActivityLine[]): DestinationLine => ({
  name,
  country,
  region,
  kind,
  priceLevel,
  landmarks,
  signature,
});

const KIND_ACTIVITIES: Record<Kind, ActivityLine[]> = {
  city: ['{D} City Highlights Tour|sightseeing|easy|240|40', '{D} Street Food Walk|food|easy|180|35', '{L1} Walking Tour|culture|easy|150|25'],
  beach: ['{L1} Snorkelling Trip|water-sports|moderate|240|55', 'Sunset Cruise off {L2}|water-sports|easy|180|60', '{D} Cooking Class|food|easy|180|45'],
  island: ['{L1} Sunset Sail|water-sports|easy|180|80', 'Scuba Discovery Dive at {L2}|water-sports|hard|240|120', '{D} Island Spa Ritual|wellness|easy|120|90'],
  safari: ['Morning Game Drive at {L1}|wildlife|easy|240|120', 'Guided Bush Walk near {L2}|wildlife|moderate|180|70', '{D} Maasai Village Visit|culture|easy|150|40'],
  desert: ['{D} Dune Bashing Safari|adventure|moderate|240|70', '{L1} Souq Walk|culture|easy|120|20', '{D} Camel Trek at Sunset|adventure|easy|120|45'],
  heritage: ['{D} Heritage Walking Tour|culture|easy|180|30', '{D} Local Cooking Class|food|easy|180|40', '{L2} Cycling Tour|adventure|moderate|240|35'],
  mountain: ['{L1} Day Hike|adventure|moderate|420|60', '{L2} Scenic Boat Ride|sightseeing|easy|120|40', '{D} Mountain Spa Afternoon|wellness|easy|180|85'],
};

/** Hotel names for the 5, 4 and 3-star hotel of a destination of each kind. */
const KIND_HOTELS: Record<Kind, [string, string, string]> = {
  city: ['The {L1} Palace', '{D} {L2} Hotel', '{D} City Inn'],
  beach: ['{L1} Beach Resort & Spa', '{L2} Bay Hotel', '{D} Garden Lodge'],
  island: ['{L1} Island Resort', '{L2} Villas', '{D} Guesthouse'],
  safari: ['{L1} Luxury Tented Camp', '{L2} Safari Lodge', '{D} Bush Camp'],
  desert: ['{L1} Grand Hotel', '{L2} Desert Resort', '{D} Heritage Inn'],
  heritage: ['{L1} Heritage Resort', '{L2} Boutique Hotel', '{D} Town Hotel'],
  mountain: ['{L1} Grand Chalet', '{L2} Lakeside Hotel', '{D} Mountain Lodge'],
};

/** Room types by stars: name, average nightly rate in USD cents, occupancy. */
const ROOMS: Record<3 | 4 | 5, RoomType[]> = {
  5: [
    { name: 'Deluxe King', nightlyRate: 30_000, maxOccupancy: 2 },
    { name: 'Premier View Room', nightlyRate: 42_000, maxOccupancy: 3 },
    { name: 'Executive Suite', nightlyRate: 75_000, maxOccupancy: 4 },
    { name: 'Presidential Suite', nightlyRate: 220_000, maxOccupancy: 4 },
  ],
  4: [
    { name: 'Superior Double', nightlyRate: 16_000, maxOccupancy: 2 },
    { name: 'Deluxe Twin', nightlyRate: 19_000, maxOccupancy: 2 },
    { name: 'Junior Suite', nightlyRate: 32_000, maxOccupancy: 3 },
  ],
  3: [
    { name: 'Standard Double', nightlyRate: 8_000, maxOccupancy: 2 },
    { name: 'Family Room', nightlyRate: 12_500, maxOccupancy: 4 },
  ],
};

const AMENITIES: Record<3 | 4 | 5, string[]> = {
  3: ['Free Wi-Fi', 'Breakfast included', 'Air conditioning', '24-hour reception'],
  4: ['Free Wi-Fi', 'Breakfast included', 'Air conditioning', 'Outdoor pool', 'Fitness centre', 'Restaurant', 'Airport shuttle'],
  5: ['Free Wi-Fi', 'Breakfast included', 'Air conditioning', 'Infinity pool', 'Spa', 'Fitness centre', 'Fine dining', 'Butler service', 'Kids club'],
};
const KIND_AMENITY: Record<Kind, string> = {
  city: 'Rooftop bar',
  beach: 'Private beach',
  island: 'Overwater deck',
  safari: 'Game drives',
  desert: 'Desert excursions',
  heritage: 'Guided heritage walks',
  mountain: 'Ski storage',
};

export const DEMO_CATALOGUE: CatalogueSeed = {
  regions: [
    ['Middle East', 'The Gulf cities, Oman and Jordan: deserts, souqs and skyline stays.'],
    ['Europe', 'Classic city breaks, Greek islands and the Alps.'],
    ['South-East Asia', 'Temples, street food and island hopping from Bangkok to Bali.'],
    ['East Africa', 'Safaris in Kenya and Tanzania, Kilimanjaro and Zanzibar beaches.'],
    ['Indian Ocean', 'Island resorts of the Maldives, Mauritius and the Seychelles, and Sri Lanka.'],
  ],
  destinations: [
    d('Dubai', 'United Arab Emirates', 'Middle East', 'city', 130, ['Marina', 'Creek'], 'Desert Safari with BBQ Dinner|adventure|easy|360|85', 'Burj Khalifa At the Top|sightseeing|easy|90|65'),
    d('Abu Dhabi', 'United Arab Emirates', 'Middle East', 'city', 120, ['Corniche', 'Saadiyat'], 'Sheikh Zayed Grand Mosque Tour|culture|easy|180|45'),
    d('Muscat', 'Oman', 'Middle East', 'desert', 100, ['Muttrah', 'Qurum'], 'Wahiba Sands Overnight Camp|adventure|moderate|1440|180'),
    d('Petra', 'Jordan', 'Middle East', 'heritage', 90, ['Siq', 'Wadi Musa'], 'Petra by Night|culture|easy|150|40'),
    d('Doha', 'Qatar', 'Middle East', 'city', 120, ['West Bay', 'Souq Waqif'], 'Inland Sea Dune Bashing|adventure|moderate|300|95'),
    d('Paris', 'France', 'Europe', 'city', 140, ['Rive Gauche', 'Opéra'], 'Louvre Museum Guided Tour|culture|easy|180|75'),
    d('Rome', 'Italy', 'Europe', 'city', 120, ['Trastevere', 'Colosseum'], 'Colosseum Underground Tour|culture|easy|180|80'),
    d('Barcelona', 'Spain', 'Europe', 'city', 110, ['Gothic Quarter', 'Eixample'], 'Sagrada Família Skip-the-Line Tour|sightseeing|easy|120|60'),
    d('Santorini', 'Greece', 'Europe', 'island', 130, ['Oia', 'Fira'], 'Caldera Sunset Catamaran Cruise|water-sports|easy|300|140'),
    d('Istanbul', 'Türkiye', 'Europe', 'city', 90, ['Sultanahmet', 'Bosphorus'], 'Bosphorus Dinner Cruise|food|easy|180|55'),
    d('Interlaken', 'Switzerland', 'Europe', 'mountain', 150, ['Jungfrau', 'Lake Brienz'], 'Tandem Paragliding over Interlaken|adventure|hard|90|190'),
    d('Bangkok', 'Thailand', 'South-East Asia', 'city', 70, ['Riverside', 'Sukhumvit'], 'Floating Market and Grand Palace Tour|sightseeing|easy|480|50'),
    d('Phuket', 'Thailand', 'South-East Asia', 'beach', 80, ['Patong', 'Kata'], 'Phi Phi Islands Speedboat Day Trip|water-sports|moderate|540|90'),
    d('Bali', 'Indonesia', 'South-East Asia', 'island', 75, ['Ubud', 'Seminyak'], 'Mount Batur Sunrise Trek|adventure|hard|480|65', 'Ubud Rice Terrace and Temple Tour|culture|easy|360|45'),
    d('Singapore', 'Singapore', 'South-East Asia', 'city', 140, ['Marina Bay', 'Orchard'], 'Gardens by the Bay and Night Safari|wildlife|easy|300|70'),
    d('Hanoi', 'Vietnam', 'South-East Asia', 'city', 55, ['Old Quarter', 'West Lake'], 'Ha Long Bay Overnight Cruise|water-sports|easy|1440|210'),
    d('Siem Reap', 'Cambodia', 'South-East Asia', 'heritage', 50, ['Angkor', 'Tonlé Sap'], 'Angkor Wat Sunrise Tour|culture|moderate|480|55'),
    d('Nairobi', 'Kenya', 'East Africa', 'city', 80, ['Karen', 'Westlands'], 'Giraffe Centre and Elephant Orphanage|wildlife|easy|240|60'),
    d('Maasai Mara', 'Kenya', 'East Africa', 'safari', 160, ['Mara River', 'Olare'], 'Hot Air Balloon Safari|wildlife|easy|240|480'),
    d('Serengeti', 'Tanzania', 'East Africa', 'safari', 170, ['Seronera', 'Grumeti'], 'Great Migration Game Drive|wildlife|moderate|600|250'),
    d('Zanzibar', 'Tanzania', 'East Africa', 'beach', 85, ['Nungwi', 'Stone Town'], 'Stone Town Spice Tour|food|easy|240|35'),
    d('Moshi', 'Tanzania', 'East Africa', 'mountain', 90, ['Kilimanjaro', 'Marangu'], 'Kilimanjaro Machame Route Trek|adventure|hard|10080|2100'),
    d('Maldives', 'Maldives', 'Indian Ocean', 'island', 200, ['Coral Lagoon', 'Baa Atoll'], 'Whale Shark Snorkelling Safari|water-sports|moderate|480|160'),
    d('Mauritius', 'Mauritius', 'Indian Ocean', 'island', 120, ['Grand Baie', 'Le Morne'], 'Île aux Cerfs Catamaran Day|water-sports|easy|480|110'),
    d('Seychelles', 'Seychelles', 'Indian Ocean', 'island', 150, ['Beau Vallon', 'Anse Lazio'], 'Vallée de Mai Nature Walk|wildlife|easy|180|45'),
    d('Kandy', 'Sri Lanka', 'Indian Ocean', 'heritage', 60, ['Kandy Lake', 'Peradeniya'], 'Temple of the Tooth and Tea Country Tour|culture|easy|480|55'),
  ],
  reviews: [
    ['Aisha Rahman', 5, 'The desert safari was the highlight of our trip: perfectly organised from pick-up to dinner.', 'Dubai', true],
    ['Mark Jensen', 4, 'Great hotel choice in Rome, walking distance to everything. Transfers could have been quicker.', 'Rome', true],
    ['Priya Nair', 5, 'Our Maldives honeymoon was flawless. The whale shark trip was unforgettable.', 'Maldives', true],
    ['Lukas Weber', 3, 'Bangkok itinerary was packed; one or two free afternoons would have helped.', 'Bangkok', false],
    ['Fatma Yilmaz', 5, 'Balloon safari over the Mara at sunrise. Worth every cent.', 'Maasai Mara', true],
    ['Chen Wei', 2, 'Hotel in Santorini did not match the photos; the agency moved us the next day.', 'Santorini', false],
    ['Sofia Rossi', 4, 'Friendly team and quick answers on WhatsApp throughout the trip.', null, true],
  ],
};

export const GLOBE_CATALOGUE: CatalogueSeed = {
  regions: [['Europe', 'Portugal and Spain, by train and by the sea.']],
  destinations: [
    d('Lisbon', 'Portugal', 'Europe', 'city', 100, ['Alfama', 'Belém'], 'Sintra and Cascais Day Trip|sightseeing|easy|480|70'),
    d('Porto', 'Portugal', 'Europe', 'city', 90, ['Ribeira', 'Foz'], 'Douro Valley Wine Tasting|food|easy|540|95'),
  ],
  reviews: [['Ana Pereira', 5, 'Lovely week in Lisbon, every tram ride planned for us.', 'Lisbon', true]],
};

const fill = (template: string, dest: DestinationLine) => template.replaceAll('{D}', dest.name).replaceAll('{L1}', dest.landmarks[0]).replaceAll('{L2}', dest.landmarks[1]);
/** Prices vary by place and a little per record, rounded to whole dollars (or 5 dollars for rooms). */
const price = (cents: number, percent: number, step: number) => Math.max(step, Math.round((cents * percent) / 100 / step) * step);

/** Slugs in the order records are made, suffixed like the API does when a name repeats. */
function slugMaker() {
  const taken = new Set<string>();
  return (name: string) => {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
}

export async function seedCatalogue(tx: Tx, organizationId: string, seed: CatalogueSeed): Promise<void> {
  const regionSlug = slugMaker();
  const regionRows = await tx
    .insert(regions)
    .values(seed.regions.map(([name, description]) => ({ organizationId, name, slug: regionSlug(name), description })))
    .returning({ id: regions.id, name: regions.name });
  const regionId = new Map(regionRows.map((r) => [r.name, r.id]));

  const destinationSlug = slugMaker();
  const destinationRows = await tx
    .insert(destinations)
    .values(
      seed.destinations.map((x) => ({
        organizationId,
        regionId: regionId.get(x.region)!,
        name: x.name,
        slug: destinationSlug(x.name),
        country: x.country,
        description: `${x.name}, ${x.country}: ${x.landmarks.join(' and ')}.`,
      })),
    )
    .returning({ id: destinations.id, name: destinations.name });
  const destinationId = new Map(destinationRows.map((r) => [r.name, r.id]));

  const hotelSlug = slugMaker();
  await tx.insert(hotels).values(
    seed.destinations.flatMap((x, i) =>
      KIND_HOTELS[x.kind].map((template, j) => {
        const stars = (5 - j) as 3 | 4 | 5;
        const name = fill(template, x);
        // ±6% between hotels of the same class so rates are not all alike.
        const percent = x.priceLevel * (1 + (((i * 3 + j) % 5) - 2) * 0.03);
        return {
          organizationId,
          destinationId: destinationId.get(x.name)!,
          name,
          slug: hotelSlug(name),
          stars,
          address: `${10 + ((i * 7 + j * 13) % 90)} ${x.landmarks[j % 2]} Road, ${x.name}, ${x.country}`,
          roomTypes: ROOMS[stars].map((room) => ({ ...room, nightlyRate: price(room.nightlyRate, percent, 500) })),
          amenities: [...AMENITIES[stars], ...(stars === 3 ? [] : [KIND_AMENITY[x.kind]])],
          description: `A ${stars}-star ${x.kind === 'safari' ? 'camp' : 'hotel'} in ${x.name}, ${x.country}, close to ${x.landmarks[j % 2]}.`,
        };
      }),
    ),
  );

  const activitySlug = slugMaker();
  await tx.insert(activities).values(
    seed.destinations.flatMap((x, i) => {
      const kind = KIND_ACTIVITIES[x.kind];
      const lines = [...x.signature.map((line) => ({ line, percent: 100 })), ...[kind[i % 3], kind[(i + 1) % 3]].map((line) => ({ line, percent: x.priceLevel }))];
      return lines.map(({ line, percent }) => {
        const [template, category, difficulty, minutes, dollars] = line.split('|');
        const name = fill(template, x);
        const hours = Number(minutes) >= 1440 ? `${Number(minutes) / 1440} day(s)` : `${Number(minutes) / 60} hours`;
        return {
          organizationId,
          destinationId: destinationId.get(x.name)!,
          name,
          slug: activitySlug(name),
          category: category as ActivityCategory,
          difficulty: difficulty as ActivityDifficulty,
          durationMinutes: Number(minutes),
          pricePerPerson: price(Number(dollars) * 100, percent, 100),
          description: `${name} in ${x.name}, ${x.country}: ${hours}, ${difficulty}.`,
        };
      });
    }),
  );

  if (seed.reviews.length) {
    await tx.insert(reviews).values(
      seed.reviews.map(([customerName, rating, text, destination, isPublished]) => ({
        organizationId,
        customerName,
        rating,
        text,
        destinationId: destination ? destinationId.get(destination)! : null,
        isPublished,
      })),
    );
  }
}
