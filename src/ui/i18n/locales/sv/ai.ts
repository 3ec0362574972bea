import type { LocaleResources } from '../../types';

/** AI: utkast till en resa utifrån ett leads förfrågan (modellen eller planeraren), modellens förbrukning. */
const ai = {
  ai: {
    generate: {
      action: 'Generera resa',
      hint: 'Skapar ett utkast till en skräddarsydd resa utifrån den senaste förfrågan och katalogen och öppnar det.',
      needsDates: 'Välj en förfrågan med resdatum för att generera en resa.',
      byModel: 'Utkast skapat av modellen {{model}}.',
      byPlanner: 'Utkast skapat av planeraren (ingen modell inställd).',
      replaced_one: '{{count}} av modellens val fanns inte i katalogen och ersattes.',
      replaced_other: '{{count}} av modellens val fanns inte i katalogen och ersattes.',
      overBudget: 'Katalogen har inget inom budget för alla nätter: utkastet överskrider budgeten.',
      skipped_one: '{{count}} resmål uteslöts (färre nätter än resmål).',
      skipped_other: '{{count}} resmål uteslöts (färre nätter än resmål).',
      usePlanner: 'Skapa utkast med planeraren',
    },
    chat: {
      assistant: 'Assistent',
      someone: 'En tidigare medlem',
      label: 'Fråga om det här leadet',
      hint: 'Besvaras av {{model}} utifrån det här leadet och katalogen. Ctrl+Enter skickar.',
      send: 'Skicka',
      thinking: '…',
      incomplete: 'Svaret avbröts; det här är vad som kom fram.',
      noModel: 'Ingen modell är inställd, så assistenten kan inte svara och inget skickas någonstans. Du kan fortfarande skapa ett utkast till en resa utifrån leadets förfrågan med planeraren.',
      tools: {
        search_hotels: 'Sökte bland hotell',
        search_activities: 'Sökte bland aktiviteter',
        read_tour: 'Läste en resa',
        draft_tour: 'Skapade ett reseutkast',
      },
    },
    usage: {
      title: 'Modell och förbrukning',
      none: 'Ingen modell är inställd: inget skickas till en modell, och resor skapas av planeraren.',
      source: {
        organization: 'Modell: {{model}} (organisationens inställningar).',
        server: 'Modell: {{model}} (serverns standard).',
      },
      tokens: '{{month}}: {{used}} token ({{prompt}} skickade, {{completion}} i svar),',
      requests_one: 'i {{count}} anrop.',
      requests_other: 'i {{count}} anrop.',
      limit: 'Månadsgräns: {{limit}} token.',
      noLimit: 'Ingen månadsgräns.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
