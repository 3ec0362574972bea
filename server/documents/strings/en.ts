/**
 * The words printed on documents and the default email texts, in English. Every other language
 * has a file of the same shape (the `DocumentStrings` type makes a missing key a type error, and
 * tests/api/documents.test.ts checks none is empty, and that words with a number have exactly the
 * plural forms the language needs). `{{name}}` is replaced by the value given.
 */
const en = {
  page: 'Page {{page}} of {{pages}}',
  terms: 'Terms and conditions',
  total: 'Total',
  issued: 'Issued {{date}}',
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
  tour: {
    itinerary: 'Itinerary',
    preparedFor: 'Prepared for {{name}}',
    atAGlance: 'The trip at a glance',
    dayByDay: 'Day by day',
    dates: 'Dates',
    date: 'Date',
    dayColumn: 'Day',
    day: 'Day {{day}}',
    nights: 'Nights',
    nightsCount: { one: '{{count}} night', other: '{{count}} nights' },
    destination: 'Destination',
    hotel: 'Hotel',
    activities: 'Activities',
    transfers: 'Transfers',
    meals: 'Meals',
    mealNames: { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' },
    adults: 'Adults',
    children: 'Children',
    infants: 'Infants',
    version: 'Version',
    dateRange: '{{from}} – {{to}}',
    inclusions: 'Included',
    exclusions: 'Not included',
    priceSummary: 'Price summary',
    service: 'Service',
    amount: 'Amount',
    total: 'Total price',
    pricePerPerson: 'Price per person',
    validUntil: 'This quote is valid until {{date}}.',
    contact: 'Your contact',
    contactName: 'Name',
    email: 'Email',
    phone: 'Phone',
    pricesFrom: 'From {{price}} per person',
    prices: 'Prices',
    traveller: 'Traveller',
    adult: 'Adult',
    child: 'Child',
    infant: 'Infant',
    pricesNote: 'Prices per person in {{currency}}, subject to availability when booked.',
  },
  email: {
    receiptSubject: 'Receipt {{number}} from {{organization}}',
    receiptMessage: 'Dear customer,\n\nPlease find attached our receipt {{number}}.\n\nKind regards,\n{{organization}}',
    itinerarySubject: 'Your itinerary from {{organization}}',
    itineraryMessage: 'Dear {{name}},\n\nPlease find attached the itinerary we prepared for you.\n\nKind regards,\n{{organization}}',
    brochureSubject: '{{title}}: a tour by {{organization}}',
    brochureMessage: 'Dear customer,\n\nPlease find attached the brochure of our tour {{title}}.\n\nKind regards,\n{{organization}}',
    testSubject: 'Test email from {{organization}}',
    testMessage: 'This is a test email. The mail server settings of {{organization}} work.',
  },
};

export default en;
/** Words that change with a number: the forms the language's plural rules pick (`Intl.PluralRules`), `other` always. */
export type PluralForms = Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>> & { other: string };
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends { other: string } ? PluralForms : Shape<T[K]> };
export type DocumentStrings = Shape<typeof en>;
