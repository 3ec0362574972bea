import type { DocumentStrings } from './en';

const pl: DocumentStrings = {
  page: 'Strona {{page}} z {{pages}}',
  terms: 'Warunki i zasady',
  total: 'Razem',
  methods: { cash: 'Gotówka', 'bank-transfer': 'Przelew bankowy', card: 'Karta', cheque: 'Czek', online: 'Płatność online' },
  receipt: {
    title: 'Pokwitowanie',
    number: 'Numer pokwitowania',
    date: 'Data',
    paymentMethod: 'Metoda płatności',
    description: 'Opis',
    amount: 'Otrzymana kwota',
    thanks: 'Otrzymano z podziękowaniem.',
  },
  itinerary: {
    title: 'Plan podróży',
    preparedFor: 'Przygotowano dla: {{name}}',
    atAGlance: 'Podróż w skrócie',
    dates: 'Terminy',
    nights: 'Noclegi',
    travellers: 'Podróżni',
    day: 'Dzień {{day}}',
    hotel: 'Hotel',
    activities: 'Atrakcje',
    inclusions: 'W cenie',
    exclusions: 'Poza ceną',
    priceSummary: 'Podsumowanie ceny',
    pricePerPerson: 'Cena za osobę',
  },
  email: {
    receiptSubject: 'Pokwitowanie {{number}} od {{organization}}',
    receiptMessage: 'Szanowni Państwo,\n\nw załączeniu przesyłamy pokwitowanie {{number}}.\n\nZ poważaniem\n{{organization}}',
    itinerarySubject: 'Plan podróży od {{organization}}',
    itineraryMessage: 'Dzień dobry, {{name}},\n\nw załączeniu przesyłamy przygotowany dla Państwa plan podróży.\n\nZ poważaniem\n{{organization}}',
    testSubject: 'Wiadomość testowa od {{organization}}',
    testMessage: 'To jest wiadomość testowa. Ustawienia serwera poczty {{organization}} działają.',
  },
};

export default pl;
