import type { LocaleResources } from '../../types';

/** AI: udkast til en rejse ud fra et leads forespørgsel (modellen eller planlæggeren), modellens forbrug. */
const ai = {
  ai: {
    generate: {
      action: 'Generér rejse',
      hint: 'Laver et udkast til en skræddersyet rejse ud fra den seneste forespørgsel og kataloget og åbner det.',
      needsDates: 'Vælg en forespørgsel med rejsedatoer for at generere en rejse.',
      byModel: 'Udkast lavet af modellen {{model}}.',
      byPlanner: 'Udkast lavet af planlæggeren (ingen model sat op).',
      replaced_one: '{{count}} af modellens valg fandtes ikke i kataloget og blev erstattet.',
      replaced_other: '{{count}} af modellens valg fandtes ikke i kataloget og blev erstattet.',
      overBudget: 'Kataloget har intet inden for budgettet til alle nætter: udkastet overskrider budgettet.',
      skipped_one: '{{count}} destination udeladt (færre nætter end destinationer).',
      skipped_other: '{{count}} destinationer udeladt (færre nætter end destinationer).',
      usePlanner: 'Lav udkast med planlæggeren',
    },
    chat: {
      assistant: 'Assistent',
      someone: 'Et tidligere medlem',
      label: 'Spørg om dette lead',
      hint: 'Besvares af {{model}} ud fra dette lead og kataloget. Ctrl+Enter sender.',
      send: 'Send',
      thinking: '…',
      incomplete: 'Svaret blev afbrudt; her er det, der nåede frem.',
      noModel: 'Der er ingen model sat op, så assistenten kan ikke svare, og intet sendes nogen steder hen. Du kan stadig lave et udkast til en rejse ud fra leadets forespørgsel med planlæggeren.',
      tools: {
        search_hotels: 'Søgte efter hoteller',
        search_activities: 'Søgte efter aktiviteter',
        read_tour: 'Læste en rejse',
        draft_tour: 'Lavede et rejseudkast',
      },
    },
    usage: {
      title: 'Model og forbrug',
      none: 'Der er ingen model sat op: intet sendes til en model, og rejser laves af planlæggeren.',
      source: {
        organization: 'Model: {{model}} (organisationens indstillinger).',
        server: 'Model: {{model}} (serverens standard).',
      },
      tokens: '{{month}}: {{used}} tokens ({{prompt}} sendt, {{completion}} i svar),',
      requests_one: 'i {{count}} forespørgsel.',
      requests_other: 'i {{count}} forespørgsler.',
      limit: 'Månedlig grænse: {{limit}} tokens.',
      noLimit: 'Ingen månedlig grænse.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
