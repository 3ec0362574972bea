import type { DocumentStrings } from './en';

const es: DocumentStrings = {
  page: 'Página {{page}} de {{pages}}',
  terms: 'Términos y condiciones',
  total: 'Total',
  methods: { cash: 'Efectivo', 'bank-transfer': 'Transferencia bancaria', card: 'Tarjeta', cheque: 'Cheque', online: 'Pago en línea' },
  receipt: {
    title: 'Recibo',
    number: 'Número de recibo',
    date: 'Fecha',
    paymentMethod: 'Forma de pago',
    description: 'Descripción',
    amount: 'Importe recibido',
    thanks: 'Recibido con agradecimiento.',
  },
  itinerary: {
    title: 'Itinerario',
    preparedFor: 'Preparado para {{name}}',
    atAGlance: 'El viaje de un vistazo',
    dates: 'Fechas',
    nights: 'Noches',
    travellers: 'Viajeros',
    day: 'Día {{day}}',
    hotel: 'Hotel',
    activities: 'Actividades',
    inclusions: 'Incluye',
    exclusions: 'No incluye',
    priceSummary: 'Resumen del precio',
    pricePerPerson: 'Precio por persona',
  },
  email: {
    receiptSubject: 'Recibo {{number}} de {{organization}}',
    receiptMessage: 'Estimado cliente:\n\nAdjuntamos nuestro recibo {{number}}.\n\nAtentamente,\n{{organization}}',
    itinerarySubject: 'Su itinerario de {{organization}}',
    itineraryMessage: 'Estimado/a {{name}}:\n\nAdjuntamos el itinerario que hemos preparado para usted.\n\nAtentamente,\n{{organization}}',
    testSubject: 'Correo de prueba de {{organization}}',
    testMessage: 'Este es un correo de prueba. La configuración del servidor de correo de {{organization}} funciona.',
  },
};

export default es;
