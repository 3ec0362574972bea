import type { LocaleResources } from '../../types';

/** "My day"، صفحة البداية (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'يومي',
    greeting: 'مرحبًا، {{name}}. اليوم هو {{date}}.',
    seeAll: 'عرض الكل',
    seeAllOf: 'عرض الكل: {{title}}',
    nothing: 'لا يوجد ما يحتاج إليك الآن.',
    nothingHint: 'يظهر هنا العمل الجديد فور وصوله.',
    due: 'الموعد {{date}}',
    missed: 'فائتة',
    arrived: 'وصل في {{date}}',
    since: 'لا جديد منذ {{date}}',
    added: 'أُضيف في {{date}}',
    departs: 'المغادرة {{date}}',
    subscription: 'الاشتراك',
    seatsUsed: 'المقاعد المستخدمة: {{used}} من {{seats}}',
    until: 'حتى {{date}}',
    cards: {
      followUps: { title: 'المتابعات المستحقة اليوم', empty: 'لا توجد مكالمات مستحقة اليوم: أنجزت كل شيء.' },
      missedFollowUps: { title: "المتابعات الفائتة", empty: "لا توجد متابعة متأخرة لديك." },
      newLeads: { title: 'عملاء محتملون جدد لك', empty: 'لا يوجد عميل محتمل جديد بانتظار أول مكالمة.' },
      waitingLeads: { title: 'عملاؤك المحتملون الأطول انتظارًا', empty: 'لا يوجد عميل محتمل من عملائك في الانتظار.' },
      leadsToAssign: { title: 'عملاء محتملون بحاجة إلى مسؤول', empty: 'لكل عميل محتمل مفتوح مسؤول.' },
      vendorsToComplete: { title: 'موردون بلا بيانات مصرفية', empty: 'يمكن الدفع لكل مورد نشط.' },
      departuresToFill: { title: 'رحلات دون حدها الأدنى', empty: 'لكل رحلة في الأسابيع القادمة العدد الذي تحتاجه من المسافرين.' },
    },
    errors: { fetch: 'تعذّر جلب يومك' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
