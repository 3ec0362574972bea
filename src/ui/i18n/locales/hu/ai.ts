import type { LocaleResources } from '../../types';

/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: 'Út generálása',
      hint: 'A legutóbbi ajánlatkérés és a katalógus alapján egyedi út vázlatát készíti el, majd megnyitja.',
      needsDates: 'Út generálásához válasszon utazási dátumokat tartalmazó ajánlatkérést.',
      byModel: 'A vázlatot a(z) {{model}} modell készítette.',
      byPlanner: 'A vázlatot a tervező készítette (nincs beállított modell).',
      replaced_one: 'A modell {{count}} választása nem szerepelt a katalógusban, ezért a rendszer lecserélte.',
      replaced_other: 'A modell {{count}} választása nem szerepelt a katalógusban, ezért a rendszer lecserélte őket.',
      overBudget: 'A katalógusban nincs olyan ajánlat, amely minden éjszakára belefér a keretbe: a vázlat túllépi a keretet.',
      skipped_one: '{{count}} úti cél kimaradt (kevesebb az éjszaka, mint az úti cél).',
      skipped_other: '{{count}} úti cél kimaradt (kevesebb az éjszaka, mint az úti cél).',
      usePlanner: 'Vázlat a tervezővel',
    },
    chat: {
      assistant: 'Asszisztens',
      someone: 'Egy korábbi tag',
      label: 'Kérdezzen erről az érdeklődőről',
      hint: 'A(z) {{model}} válaszol az érdeklődő adatai és a katalógus alapján. Küldés: Ctrl+Enter.',
      send: 'Küldés',
      thinking: '…',
      incomplete: 'A válasz megszakadt; ez érkezett meg belőle.',
      noModel: 'Nincs beállított modell, így az asszisztens nem tud válaszolni, és semmi sem kerül elküldésre. Az érdeklődő ajánlatkéréséből a tervezővel továbbra is készíthet út-vázlatot.',
      tools: {
        search_hotels: 'Szállodák keresése',
        search_activities: 'Programok keresése',
        read_tour: 'Út megtekintése',
        draft_tour: 'Út vázlatának elkészítése',
      },
    },
    usage: {
      title: 'Modell és felhasználás',
      none: 'Nincs beállított modell: semmi sem kerül modellhez, az utak vázlatát a tervező készíti.',
      source: {
        organization: 'Modell: {{model}} (a szervezet beállítása).',
        server: 'Modell: {{model}} (a kiszolgáló alapértelmezése).',
      },
      tokens: '{{month}}: {{used}} token ({{prompt}} elküldve, {{completion}} válaszban),',
      requests_one: '{{count}} kérésben.',
      requests_other: '{{count}} kérésben.',
      limit: 'Havi korlát: {{limit}} token.',
      noLimit: 'Nincs havi korlát.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
