import type { LocaleResources } from '../../types';

/*
 * Plurals. i18next picks the suffix with `new Intl.PluralRules('ae')`, and Intl does not know `ae`
 * (the BCP47 map in ../../index.ts serves `<html lang>` and formatting only), so the runtime's default
 * locale decides which suffix is looked up: `_one`/`_other` under English, all six CLDR forms under
 * Arabic, `_one`/`_few`/`_many`/`_other` under Russian, `_other` alone under Japanese; i18next also
 * tries `_zero` first for a count of 0. So every form is given, and each one puts the number after a
 * label, which reads correctly whatever the count and whichever form is picked. (These keys sit outside
 * `LocaleResources`, which only knows English's `_one`/`_other`, hence the spreads.)
 */
const leadCount = {
  leadCount_zero: 'العملاء المحتملون: {{count}}',
  leadCount_one: 'العملاء المحتملون: {{count}}',
  leadCount_two: 'العملاء المحتملون: {{count}}',
  leadCount_few: 'العملاء المحتملون: {{count}}',
  leadCount_many: 'العملاء المحتملون: {{count}}',
  leadCount_other: 'العملاء المحتملون: {{count}}',
};
const chosen = {
  chosen_zero: 'المختارة: {{count}}',
  chosen_one: 'المختارة: {{count}}',
  chosen_two: 'المختارة: {{count}}',
  chosen_few: 'المختارة: {{count}}',
  chosen_many: 'المختارة: {{count}}',
  chosen_other: 'المختارة: {{count}}',
};

const contacts = {
  contacts: {
    title: 'جهات الاتصال',
    back: 'العودة إلى جهات الاتصال',
    ...leadCount,
    fields: {
      id: 'المعرّف',
      name: 'الاسم',
      phone: 'الهاتف',
      email: 'البريد الإلكتروني',
      leadCount: 'العملاء المحتملون',
      lastQueryDate: 'آخر استفسار',
      queryRange: 'تاريخ الاستفسار',
      regions: 'المناطق',
      destinations: 'الوجهات',
      group: 'المجموعة',
      createdAt: 'تاريخ الإنشاء',
    },
    groups: {
      title: 'مجموعات جهات الاتصال',
      new: 'مجموعة جهات اتصال جديدة',
      edit: 'تعديل مجموعة جهات الاتصال',
      created: 'تم إنشاء مجموعة جهات الاتصال',
      updated: 'تم تحديث مجموعة جهات الاتصال',
      deleted: 'تم حذف مجموعة جهات الاتصال',
      name: 'الاسم',
      description: 'الوصف',
      contactCount: 'جهات الاتصال',
      viewContacts: 'عرض جهات الاتصال',
      chooseContacts: 'جهات الاتصال في المجموعة',
      inGroup: 'في المجموعة',
      choose: 'إضافة {{name}} إلى المجموعة',
      searchContacts: 'البحث في جهات الاتصال',
      ...chosen,
    },
    errors: {
      fetchList: 'تعذّر جلب جهات الاتصال',
      fetchGroups: 'تعذّر جلب مجموعات جهات الاتصال',
      fetchGroup: 'تعذّر جلب مجموعة جهات الاتصال',
      createGroup: 'تعذّر إنشاء مجموعة جهات الاتصال',
      updateGroup: 'تعذّر تحديث مجموعة جهات الاتصال',
      deleteGroup: 'تعذّر حذف مجموعة جهات الاتصال',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
