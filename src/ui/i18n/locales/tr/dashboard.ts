import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'Günüm',
    greeting: 'Merhaba {{name}}. Bugün {{date}}.',
    seeAll: 'Tümünü gör',
    seeAllOf: 'Tümünü gör: {{title}}',
    nothing: 'Şu anda sizi bekleyen bir şey yok.',
    nothingHint: 'Yeni işler geldikçe burada görünür.',
    due: 'vade: {{date}}',
    missed: 'Kaçırıldı',
    arrived: 'geliş: {{date}}',
    since: 'son hareket: {{date}}',
    added: 'eklenme: {{date}}',
    departs: 'kalkış: {{date}}',
    subscription: 'Abonelik',
    seatsUsed: '{{used}} / {{seats}} kullanıcı lisansı kullanımda',
    until: 'bitiş: {{date}}',
    cards: {
      followUps: { title: 'Bugünkü takipler', empty: 'Bugün yapılacak arama yok: her şey tamam.' },
      missedFollowUps: { title: "Kaçırılan takipler", empty: "Gecikmiş takibiniz yok." },
      newLeads: { title: 'Size yeni potansiyel müşteriler', empty: 'İlk aramayı bekleyen yeni potansiyel müşteri yok.' },
      waitingLeads: { title: 'En uzun süredir bekleyen potansiyel müşterileriniz', empty: 'Bekleyen potansiyel müşteriniz yok.' },
      leadsToAssign: { title: 'Atanacak potansiyel müşteriler', empty: 'Her açık potansiyel müşterinin bir sorumlusu var.' },
      vendorsToComplete: { title: 'Banka bilgisi olmayan tedarikçiler', empty: 'Tüm aktif tedarikçilere ödeme yapılabilir.' },
      departuresToFill: { title: 'Asgari sayının altındaki kalkışlar', empty: 'Önümüzdeki haftaların tüm kalkışlarında gereken yolcu sayısı var.' },
    },
    errors: { fetch: 'Gününüz alınamadı' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
