import type { DocumentStrings } from './en';

const da: DocumentStrings = {
  page: 'Side {{page}} af {{pages}}',
  terms: 'Vilkår og betingelser',
  total: 'I alt',
  methods: { cash: 'Kontant', 'bank-transfer': 'Bankoverførsel', card: 'Kort', cheque: 'Check', online: 'Onlinebetaling' },
  receipt: {
    title: 'Kvittering',
    number: 'Kvitteringsnummer',
    date: 'Dato',
    paymentMethod: 'Betalingsmåde',
    description: 'Beskrivelse',
    amount: 'Modtaget beløb',
    thanks: 'Modtaget med tak.',
  },
  itinerary: {
    title: 'Rejseplan',
    preparedFor: 'Udarbejdet til {{name}}',
    atAGlance: 'Rejsen i overblik',
    dates: 'Datoer',
    nights: 'Nætter',
    travellers: 'Rejsende',
    day: 'Dag {{day}}',
    hotel: 'Hotel',
    activities: 'Aktiviteter',
    inclusions: 'Inkluderet',
    exclusions: 'Ikke inkluderet',
    priceSummary: 'Prisoversigt',
    pricePerPerson: 'Pris pr. person',
  },
  email: {
    receiptSubject: 'Kvittering {{number}} fra {{organization}}',
    receiptMessage: 'Kære kunde\n\nVedhæftet finder du vores kvittering {{number}}.\n\nMed venlig hilsen\n{{organization}}',
    itinerarySubject: 'Din rejseplan fra {{organization}}',
    itineraryMessage: 'Kære {{name}}\n\nVedhæftet finder du den rejseplan, vi har udarbejdet til dig.\n\nMed venlig hilsen\n{{organization}}',
    testSubject: 'Test-e-mail fra {{organization}}',
    testMessage: 'Dette er en test-e-mail. Mailserverindstillingerne for {{organization}} virker.',
  },
};

export default da;
