import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Kişiler',
    empty: { title: 'Henüz kişi yok.', hint: 'Talep gönderen herkes bir kişi olarak eklenir.' },
    back: 'Kişilere dön',
    leadCount_one: '{{count}} potansiyel müşteri kaydı',
    leadCount_other: '{{count}} potansiyel müşteri kaydı',
    fields: {
      id: 'ID',
      name: 'Ad',
      phone: 'Telefon',
      email: 'E-posta',
      leadCount: 'Potansiyel müşteri kayıtları',
      lastQueryDate: 'Son talep',
      queryRange: 'Talep tarihi',
      regions: 'Bölgeler',
      destinations: 'Destinasyonlar',
      group: 'Grup',
      createdAt: 'Oluşturulma',
    },
    groups: {
      title: 'Kişi grupları',
      empty: { title: 'Henüz kişi grubu yok.', hint: 'Kişilere birlikte ulaşmak için onları gruplayın.' },
      new: 'Yeni kişi grubu',
      edit: 'Kişi grubunu düzenle',
      created: 'Kişi grubu oluşturuldu',
      updated: 'Kişi grubu güncellendi',
      deleted: 'Kişi grubu silindi',
      name: 'Ad',
      description: 'Açıklama',
      contactCount: 'Kişiler',
      viewContacts: 'Kişileri göster',
      chooseContacts: 'Gruptaki kişiler',
      inGroup: 'Grupta',
      choose: 'Gruba ekle: {{name}}',
      searchContacts: 'Kişilerde ara',
      chosen_one: '{{count}} seçildi',
      chosen_other: '{{count}} seçildi',
    },
    errors: {
      fetchList: 'Kişiler alınamadı',
      fetchGroups: 'Kişi grupları alınamadı',
      fetchGroup: 'Kişi grubu alınamadı',
      createGroup: 'Kişi grubu oluşturulamadı',
      updateGroup: 'Kişi grubu güncellenemedi',
      deleteGroup: 'Kişi grubu silinemedi',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
