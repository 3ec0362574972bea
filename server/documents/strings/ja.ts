import type { DocumentStrings } from './en';

const ja: DocumentStrings = {
  page: '{{page}} / {{pages}} ページ',
  terms: 'ご利用条件',
  total: '合計',
  methods: { cash: '現金', 'bank-transfer': '銀行振込', card: 'カード', cheque: '小切手', online: 'オンライン決済' },
  receipt: {
    title: '領収書',
    number: '領収書番号',
    date: '日付',
    paymentMethod: 'お支払い方法',
    description: '但し書き',
    amount: '受領金額',
    thanks: '上記の金額を正に領収いたしました。',
  },
  itinerary: {
    title: '旅程表',
    preparedFor: '{{name}} 様',
    atAGlance: '旅行の概要',
    dates: '日程',
    nights: '泊数',
    travellers: '旅行者',
    day: '{{day}}日目',
    hotel: 'ホテル',
    activities: 'アクティビティ',
    inclusions: '料金に含まれるもの',
    exclusions: '料金に含まれないもの',
    priceSummary: '料金のご案内',
    pricePerPerson: 'お一人様料金',
  },
  email: {
    receiptSubject: '{{organization}}より領収書 {{number}} のご送付',
    receiptMessage: 'お客様各位\n\n領収書 {{number}} を添付にてお送りいたします。\n\nよろしくお願い申し上げます。\n{{organization}}',
    itinerarySubject: '{{organization}}より旅程表のご送付',
    itineraryMessage: '{{name}} 様\n\nご用意いたしました旅程表を添付にてお送りいたします。\n\nよろしくお願い申し上げます。\n{{organization}}',
    testSubject: '{{organization}}からのテストメール',
    testMessage: 'これはテストメールです。{{organization}}のメールサーバー設定は正常に動作しています。',
  },
};

export default ja;
