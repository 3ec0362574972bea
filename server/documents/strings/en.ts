/**
 * The words printed on documents and the default email texts, in English. Every other language
 * has a file of the same shape (the `DocumentStrings` type makes a missing key a type error, and
 * tests/api/documents.test.ts checks none is empty). `{{name}}` is replaced by the value given.
 */
const en = {
  page: 'Page {{page}} of {{pages}}',
  terms: 'Terms and conditions',
  total: 'Total',
  methods: { cash: 'Cash', 'bank-transfer': 'Bank transfer', card: 'Card', cheque: 'Cheque', online: 'Online payment' },
  receipt: {
    title: 'Receipt',
    number: 'Receipt number',
    date: 'Date',
    paymentMethod: 'Payment method',
    description: 'Description',
    amount: 'Amount received',
    thanks: 'Received with thanks.',
  },
  itinerary: {
    title: 'Itinerary',
    preparedFor: 'Prepared for {{name}}',
    atAGlance: 'The trip at a glance',
    dates: 'Dates',
    nights: 'Nights',
    travellers: 'Travellers',
    day: 'Day {{day}}',
    hotel: 'Hotel',
    activities: 'Activities',
    inclusions: 'Included',
    exclusions: 'Not included',
    priceSummary: 'Price summary',
    pricePerPerson: 'Price per person',
  },
  email: {
    receiptSubject: 'Receipt {{number}} from {{organization}}',
    receiptMessage: 'Dear customer,\n\nPlease find attached our receipt {{number}}.\n\nKind regards,\n{{organization}}',
    itinerarySubject: 'Your itinerary from {{organization}}',
    itineraryMessage: 'Dear {{name}},\n\nPlease find attached the itinerary we prepared for you.\n\nKind regards,\n{{organization}}',
    testSubject: 'Test email from {{organization}}',
    testMessage: 'This is a test email. The mail server settings of {{organization}} work.',
  },
};

export default en;
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type DocumentStrings = Shape<typeof en>;
