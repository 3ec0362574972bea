import type { LocaleResources } from '../../types';

/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: 'Tur oluştur',
      hint: 'Son talepten ve katalogdan özel bir tur taslağı hazırlar, ardından açar.',
      needsDates: 'Tur oluşturmak için seyahat tarihleri olan bir talep seçin.',
      byModel: 'Taslağı {{model}} modeli hazırladı.',
      byPlanner: 'Taslağı planlayıcı hazırladı (yapılandırılmış model yok).',
      replaced_one: 'Modelin {{count}} seçimi katalogda yoktu ve değiştirildi.',
      replaced_other: 'Modelin {{count}} seçimi katalogda yoktu ve değiştirildi.',
      overBudget: 'Katalogda her gece için bütçeye uyan bir seçenek yok: taslak bütçeyi aşıyor.',
      skipped_one: '{{count}} destinasyon dışarıda bırakıldı (gece sayısı destinasyon sayısından az).',
      skipped_other: '{{count}} destinasyon dışarıda bırakıldı (gece sayısı destinasyon sayısından az).',
      usePlanner: 'Planlayıcıyla hazırla',
    },
    chat: {
      assistant: 'Asistan',
      someone: 'Eski bir üye',
      label: 'Bu potansiyel müşteri hakkında sorun',
      hint: '{{model}}, bu potansiyel müşteriye ve kataloğa göre yanıtlar. Ctrl+Enter gönderir.',
      send: 'Gönder',
      thinking: '…',
      incomplete: 'Yanıt yarıda kesildi; gelen kısım bu.',
      noModel: 'Yapılandırılmış bir model yok; bu yüzden asistan yanıt veremez ve hiçbir yere bir şey gönderilmez. Potansiyel müşterinin talebinden planlayıcıyla yine de tur taslağı hazırlayabilirsiniz.',
      tools: {
        search_hotels: 'Otellerde arandı',
        search_activities: 'Aktivitelerde arandı',
        read_tour: 'Bir tur okundu',
        draft_tour: 'Bir tur taslağı hazırlandı',
      },
    },
    usage: {
      title: 'Model ve kullanım',
      none: 'Yapılandırılmış bir model yok: modele hiçbir şey gönderilmez, turları planlayıcı hazırlar.',
      source: {
        organization: 'Model: {{model}} (bu kuruluşun ayarları).',
        server: 'Model: {{model}} (sunucunun varsayılanı).',
      },
      tokens: '{{month}}: {{used}} token ({{prompt}} gönderilen, {{completion}} yanıt),',
      requests_one: '{{count}} istekte.',
      requests_other: '{{count}} istekte.',
      limit: 'Aylık sınır: {{limit}} token.',
      noLimit: 'Aylık sınır yok.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
