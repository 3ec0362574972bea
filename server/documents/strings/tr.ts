import type { DocumentStrings } from './en';

const tr: DocumentStrings = {
  page: 'Sayfa {{page}} / {{pages}}',
  terms: 'Şartlar ve koşullar',
  total: 'Toplam',
  methods: { cash: 'Nakit', 'bank-transfer': 'Banka havalesi', card: 'Kart', cheque: 'Çek', online: 'Çevrimiçi ödeme' },
  receipt: {
    title: 'Makbuz',
    number: 'Makbuz numarası',
    date: 'Tarih',
    paymentMethod: 'Ödeme yöntemi',
    description: 'Açıklama',
    amount: 'Alınan tutar',
    thanks: 'Teşekkürle tahsil edilmiştir.',
  },
  itinerary: {
    title: 'Seyahat programı',
    preparedFor: '{{name}} için hazırlandı',
    atAGlance: 'Bir bakışta seyahat',
    dates: 'Tarihler',
    nights: 'Gece',
    travellers: 'Yolcular',
    day: '{{day}}. gün',
    hotel: 'Otel',
    activities: 'Aktiviteler',
    inclusions: 'Dahil olanlar',
    exclusions: 'Dahil olmayanlar',
    priceSummary: 'Fiyat özeti',
    pricePerPerson: 'Kişi başı fiyat',
  },
  email: {
    receiptSubject: '{{organization}} – {{number}} numaralı makbuz',
    receiptMessage: 'Sayın müşterimiz,\n\n{{number}} numaralı makbuzumuz ektedir.\n\nSaygılarımızla,\n{{organization}}',
    itinerarySubject: '{{organization}} – seyahat programınız',
    itineraryMessage: 'Sayın {{name}},\n\nSizin için hazırladığımız seyahat programı ektedir.\n\nSaygılarımızla,\n{{organization}}',
    testSubject: '{{organization}} – deneme e-postası',
    testMessage: 'Bu bir deneme e-postasıdır. {{organization}} e-posta sunucusu ayarları çalışıyor.',
  },
};

export default tr;
