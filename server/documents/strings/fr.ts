import type { DocumentStrings } from './en';

const fr: DocumentStrings = {
  page: 'Page {{page}} sur {{pages}}',
  terms: 'Conditions générales',
  total: 'Total',
  methods: { cash: 'Espèces', 'bank-transfer': 'Virement bancaire', card: 'Carte', cheque: 'Chèque', online: 'Paiement en ligne' },
  receipt: {
    title: 'Reçu',
    number: 'Numéro de reçu',
    date: 'Date',
    paymentMethod: 'Moyen de paiement',
    description: 'Description',
    amount: 'Montant reçu',
    thanks: 'Reçu avec nos remerciements.',
  },
  itinerary: {
    title: 'Itinéraire',
    preparedFor: 'Préparé pour {{name}}',
    atAGlance: 'Le voyage en un coup d’œil',
    dates: 'Dates',
    nights: 'Nuits',
    travellers: 'Voyageurs',
    day: 'Jour {{day}}',
    hotel: 'Hôtel',
    activities: 'Activités',
    inclusions: 'Inclus',
    exclusions: 'Non inclus',
    priceSummary: 'Récapitulatif du prix',
    pricePerPerson: 'Prix par personne',
  },
  email: {
    receiptSubject: 'Reçu {{number}} de {{organization}}',
    receiptMessage: 'Chère cliente, cher client,\n\nVeuillez trouver ci-joint notre reçu {{number}}.\n\nCordialement,\n{{organization}}',
    itinerarySubject: 'Votre itinéraire de {{organization}}',
    itineraryMessage: 'Bonjour {{name}},\n\nVeuillez trouver ci-joint l’itinéraire que nous avons préparé pour vous.\n\nCordialement,\n{{organization}}',
    testSubject: 'E-mail de test de {{organization}}',
    testMessage: 'Ceci est un e-mail de test. Les réglages du serveur de messagerie de {{organization}} fonctionnent.',
  },
};

export default fr;
