import type { DocumentStrings } from './en';

const ae: DocumentStrings = {
  page: 'صفحة {{page}} من {{pages}}',
  terms: 'الشروط والأحكام',
  total: 'الإجمالي',
  methods: { cash: 'نقدًا', 'bank-transfer': 'تحويل بنكي', card: 'بطاقة', cheque: 'شيك', online: 'دفع إلكتروني' },
  receipt: {
    title: 'إيصال',
    number: 'رقم الإيصال',
    date: 'التاريخ',
    paymentMethod: 'طريقة الدفع',
    description: 'الوصف',
    amount: 'المبلغ المستلم',
    thanks: 'استلمنا المبلغ مع الشكر.',
  },
  itinerary: {
    title: 'برنامج الرحلة',
    preparedFor: 'أُعدّ من أجل {{name}}',
    atAGlance: 'الرحلة في لمحة',
    dates: 'التواريخ',
    nights: 'الليالي',
    travellers: 'المسافرون',
    day: 'اليوم {{day}}',
    hotel: 'الفندق',
    activities: 'الأنشطة',
    inclusions: 'يشمل',
    exclusions: 'لا يشمل',
    priceSummary: 'ملخص السعر',
    pricePerPerson: 'السعر للشخص',
  },
  email: {
    receiptSubject: 'الإيصال {{number}} من {{organization}}',
    receiptMessage: 'عزيزنا العميل،\n\nتجدون مرفقًا الإيصال رقم {{number}}.\n\nمع أطيب التحيات،\n{{organization}}',
    itinerarySubject: 'برنامج رحلتكم من {{organization}}',
    itineraryMessage: 'عزيزنا {{name}}،\n\nتجدون مرفقًا برنامج الرحلة الذي أعددناه لكم.\n\nمع أطيب التحيات،\n{{organization}}',
    testSubject: 'رسالة تجريبية من {{organization}}',
    testMessage: 'هذه رسالة تجريبية. إعدادات خادم البريد لدى {{organization}} تعمل.',
  },
};

export default ae;
