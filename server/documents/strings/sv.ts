import type { DocumentStrings } from './en';

const sv: DocumentStrings = {
  page: 'Sida {{page}} av {{pages}}',
  terms: 'Villkor',
  total: 'Totalt',
  methods: { cash: 'Kontant', 'bank-transfer': 'Banköverföring', card: 'Kort', cheque: 'Check', online: 'Onlinebetalning' },
  receipt: {
    title: 'Kvitto',
    number: 'Kvittonummer',
    date: 'Datum',
    paymentMethod: 'Betalningssätt',
    description: 'Beskrivning',
    amount: 'Mottaget belopp',
    thanks: 'Mottaget med tack.',
  },
  itinerary: {
    title: 'Resplan',
    preparedFor: 'Framtagen för {{name}}',
    atAGlance: 'Resan i korthet',
    dates: 'Datum',
    nights: 'Nätter',
    travellers: 'Resenärer',
    day: 'Dag {{day}}',
    hotel: 'Hotell',
    activities: 'Aktiviteter',
    inclusions: 'Ingår',
    exclusions: 'Ingår inte',
    priceSummary: 'Prissammanfattning',
    pricePerPerson: 'Pris per person',
  },
  email: {
    receiptSubject: 'Kvitto {{number}} från {{organization}}',
    receiptMessage: 'Bästa kund,\n\nBifogat finns vårt kvitto {{number}}.\n\nMed vänliga hälsningar\n{{organization}}',
    itinerarySubject: 'Din resplan från {{organization}}',
    itineraryMessage: 'Hej {{name}},\n\nBifogat finns resplanen som vi har tagit fram åt dig.\n\nMed vänliga hälsningar\n{{organization}}',
    testSubject: 'Testmejl från {{organization}}',
    testMessage: 'Detta är ett testmejl. E-postserverinställningarna för {{organization}} fungerar.',
  },
};

export default sv;
