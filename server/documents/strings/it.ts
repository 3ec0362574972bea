import type { DocumentStrings } from './en';

const it: DocumentStrings = {
  page: 'Pagina {{page}} di {{pages}}',
  terms: 'Termini e condizioni',
  total: 'Totale',
  methods: { cash: 'Contanti', 'bank-transfer': 'Bonifico bancario', card: 'Carta', cheque: 'Assegno', online: 'Pagamento online' },
  receipt: {
    title: 'Ricevuta',
    number: 'Numero ricevuta',
    date: 'Data',
    paymentMethod: 'Metodo di pagamento',
    description: 'Descrizione',
    amount: 'Importo ricevuto',
    thanks: 'Ricevuto con i nostri ringraziamenti.',
  },
  itinerary: {
    title: 'Itinerario',
    preparedFor: 'Preparato per {{name}}',
    atAGlance: 'Il viaggio in breve',
    dates: 'Date',
    nights: 'Notti',
    travellers: 'Viaggiatori',
    day: 'Giorno {{day}}',
    hotel: 'Hotel',
    activities: 'Attività',
    inclusions: 'Incluso',
    exclusions: 'Non incluso',
    priceSummary: 'Riepilogo del prezzo',
    pricePerPerson: 'Prezzo a persona',
  },
  email: {
    receiptSubject: 'Ricevuta {{number}} da {{organization}}',
    receiptMessage: 'Gentile cliente,\n\nin allegato trova la nostra ricevuta {{number}}.\n\nCordiali saluti,\n{{organization}}',
    itinerarySubject: 'Il suo itinerario da {{organization}}',
    itineraryMessage: 'Gentile {{name}},\n\nin allegato trova l’itinerario che abbiamo preparato per lei.\n\nCordiali saluti,\n{{organization}}',
    testSubject: 'Email di prova da {{organization}}',
    testMessage: 'Questa è un’email di prova. Le impostazioni del server di posta di {{organization}} funzionano.',
  },
};

export default it;
