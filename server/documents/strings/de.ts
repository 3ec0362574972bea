import type { DocumentStrings } from './en';

const de: DocumentStrings = {
  page: 'Seite {{page}} von {{pages}}',
  terms: 'Allgemeine Geschäftsbedingungen',
  total: 'Gesamt',
  methods: { cash: 'Bar', 'bank-transfer': 'Banküberweisung', card: 'Karte', cheque: 'Scheck', online: 'Onlinezahlung' },
  receipt: {
    title: 'Quittung',
    number: 'Quittungsnummer',
    date: 'Datum',
    paymentMethod: 'Zahlungsart',
    description: 'Beschreibung',
    amount: 'Erhaltener Betrag',
    thanks: 'Betrag dankend erhalten.',
  },
  itinerary: {
    title: 'Reiseverlauf',
    preparedFor: 'Erstellt für {{name}}',
    atAGlance: 'Die Reise auf einen Blick',
    dates: 'Reisedaten',
    nights: 'Nächte',
    travellers: 'Reisende',
    day: 'Tag {{day}}',
    hotel: 'Hotel',
    activities: 'Aktivitäten',
    inclusions: 'Inklusive',
    exclusions: 'Nicht inklusive',
    priceSummary: 'Preisübersicht',
    pricePerPerson: 'Preis pro Person',
  },
  email: {
    receiptSubject: 'Quittung {{number}} von {{organization}}',
    receiptMessage: 'Sehr geehrte Kundin, sehr geehrter Kunde,\n\nanbei erhalten Sie unsere Quittung {{number}}.\n\nMit freundlichen Grüßen\n{{organization}}',
    itinerarySubject: 'Ihr Reiseverlauf von {{organization}}',
    itineraryMessage: 'Guten Tag {{name}},\n\nanbei erhalten Sie den Reiseverlauf, den wir für Sie erstellt haben.\n\nMit freundlichen Grüßen\n{{organization}}',
    testSubject: 'Test-E-Mail von {{organization}}',
    testMessage: 'Dies ist eine Test-E-Mail. Die Mailserver-Einstellungen von {{organization}} funktionieren.',
  },
};

export default de;
