import type { DocumentStrings } from './en';

const el: DocumentStrings = {
  page: 'Σελίδα {{page}} από {{pages}}',
  terms: 'Όροι και προϋποθέσεις',
  total: 'Σύνολο',
  methods: { cash: 'Μετρητά', 'bank-transfer': 'Τραπεζική μεταφορά', card: 'Κάρτα', cheque: 'Επιταγή', online: 'Ηλεκτρονική πληρωμή' },
  receipt: {
    title: 'Απόδειξη',
    number: 'Αριθμός απόδειξης',
    date: 'Ημερομηνία',
    paymentMethod: 'Τρόπος πληρωμής',
    description: 'Περιγραφή',
    amount: 'Ποσό που εισπράχθηκε',
    thanks: 'Εισπράχθηκε με ευχαριστίες.',
  },
  itinerary: {
    title: 'Πρόγραμμα ταξιδιού',
    preparedFor: 'Για {{name}}',
    atAGlance: 'Το ταξίδι με μια ματιά',
    dates: 'Ημερομηνίες',
    nights: 'Διανυκτερεύσεις',
    travellers: 'Ταξιδιώτες',
    day: 'Ημέρα {{day}}',
    hotel: 'Ξενοδοχείο',
    activities: 'Δραστηριότητες',
    inclusions: 'Περιλαμβάνονται',
    exclusions: 'Δεν περιλαμβάνονται',
    priceSummary: 'Σύνοψη τιμής',
    pricePerPerson: 'Τιμή ανά άτομο',
  },
  email: {
    receiptSubject: 'Απόδειξη {{number}} από {{organization}}',
    receiptMessage: 'Αγαπητέ πελάτη,\n\nσας επισυνάπτουμε την απόδειξη {{number}}.\n\nΜε εκτίμηση,\n{{organization}}',
    itinerarySubject: 'Το πρόγραμμα του ταξιδιού σας από {{organization}}',
    itineraryMessage: 'Αγαπητέ/ή {{name}},\n\nσας επισυνάπτουμε το πρόγραμμα ταξιδιού που ετοιμάσαμε για εσάς.\n\nΜε εκτίμηση,\n{{organization}}',
    testSubject: 'Δοκιμαστικό email από {{organization}}',
    testMessage: 'Αυτό είναι ένα δοκιμαστικό email. Οι ρυθμίσεις του διακομιστή αλληλογραφίας της {{organization}} λειτουργούν.',
  },
};

export default el;
