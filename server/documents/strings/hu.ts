import type { DocumentStrings } from './en';

const hu: DocumentStrings = {
  page: '{{page}}. oldal / {{pages}}',
  terms: 'Általános szerződési feltételek',
  total: 'Összesen',
  methods: { cash: 'Készpénz', 'bank-transfer': 'Banki átutalás', card: 'Kártya', cheque: 'Csekk', online: 'Online fizetés' },
  receipt: {
    title: 'Nyugta',
    number: 'Nyugtaszám',
    date: 'Dátum',
    paymentMethod: 'Fizetési mód',
    description: 'Leírás',
    amount: 'Átvett összeg',
    thanks: 'Köszönettel átvettük.',
  },
  itinerary: {
    title: 'Útiterv',
    preparedFor: 'Készült {{name}} részére',
    atAGlance: 'Az utazás áttekintése',
    dates: 'Időpontok',
    nights: 'Éjszakák',
    travellers: 'Utazók',
    day: '{{day}}. nap',
    hotel: 'Szálloda',
    activities: 'Programok',
    inclusions: 'Az ár tartalmazza',
    exclusions: 'Az ár nem tartalmazza',
    priceSummary: 'Árösszesítő',
    pricePerPerson: 'Ár fejenként',
  },
  email: {
    receiptSubject: '{{number}} számú nyugta – {{organization}}',
    receiptMessage: 'Tisztelt Ügyfelünk!\n\nMellékelten küldjük a(z) {{number}} számú nyugtát.\n\nÜdvözlettel:\n{{organization}}',
    itinerarySubject: 'Az Ön útiterve – {{organization}}',
    itineraryMessage: 'Kedves {{name}}!\n\nMellékelten küldjük az Önnek készített útitervet.\n\nÜdvözlettel:\n{{organization}}',
    testSubject: 'Teszt e-mail – {{organization}}',
    testMessage: 'Ez egy teszt e-mail. A(z) {{organization}} levelezőszerver-beállításai működnek.',
  },
};

export default hu;
