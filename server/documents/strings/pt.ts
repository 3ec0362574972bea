import type { DocumentStrings } from './en';

const pt: DocumentStrings = {
  page: 'Página {{page}} de {{pages}}',
  terms: 'Termos e condições',
  total: 'Total',
  methods: { cash: 'Dinheiro', 'bank-transfer': 'Transferência bancária', card: 'Cartão', cheque: 'Cheque', online: 'Pagamento online' },
  receipt: {
    title: 'Recibo',
    number: 'Número do recibo',
    date: 'Data',
    paymentMethod: 'Forma de pagamento',
    description: 'Descrição',
    amount: 'Valor recebido',
    thanks: 'Recebido com agradecimento.',
  },
  itinerary: {
    title: 'Roteiro',
    preparedFor: 'Preparado para {{name}}',
    atAGlance: 'A viagem num relance',
    dates: 'Datas',
    nights: 'Noites',
    travellers: 'Viajantes',
    day: 'Dia {{day}}',
    hotel: 'Hotel',
    activities: 'Atividades',
    inclusions: 'Incluído',
    exclusions: 'Não incluído',
    priceSummary: 'Resumo do preço',
    pricePerPerson: 'Preço por pessoa',
  },
  email: {
    receiptSubject: 'Recibo {{number}} de {{organization}}',
    receiptMessage: 'Caro cliente,\n\nSegue em anexo o nosso recibo {{number}}.\n\nCom os melhores cumprimentos,\n{{organization}}',
    itinerarySubject: 'O seu roteiro de {{organization}}',
    itineraryMessage: 'Caro/a {{name}},\n\nSegue em anexo o roteiro que preparámos para si.\n\nCom os melhores cumprimentos,\n{{organization}}',
    testSubject: 'E-mail de teste de {{organization}}',
    testMessage: 'Este é um e-mail de teste. As definições do servidor de correio de {{organization}} funcionam.',
  },
};

export default pt;
