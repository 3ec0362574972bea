import type { LocaleResources } from '../../types';

/** IA: preparare un viaggio dalla richiesta di un lead (il modello o il pianificatore) e il consumo del modello. */
const ai = {
  ai: {
    generate: {
      action: 'Genera viaggio',
      hint: 'Prepara un viaggio su misura a partire dall’ultima richiesta e dal catalogo, poi lo apre.',
      needsDates: 'Scelga una richiesta con date di viaggio per generare un viaggio.',
      byModel: 'Preparato dal modello {{model}}.',
      byPlanner: 'Preparato dal pianificatore (nessun modello configurato).',
      replaced_one: '{{count}} scelta del modello non era a catalogo ed è stata sostituita.',
      replaced_many: '{{count}} scelte del modello non erano a catalogo e sono state sostituite.',
      replaced_other: '{{count}} scelte del modello non erano a catalogo e sono state sostituite.',
      overBudget: 'Il catalogo non ha nulla entro il budget per ogni notte: la bozza supera il budget.',
      skipped_one: '{{count}} destinazione esclusa (meno notti che destinazioni).',
      skipped_many: '{{count}} destinazioni escluse (meno notti che destinazioni).',
      skipped_other: '{{count}} destinazioni escluse (meno notti che destinazioni).',
      usePlanner: 'Prepara con il pianificatore',
    },
    chat: {
      assistant: 'Assistente',
      someone: 'Un ex membro',
      label: 'Chieda informazioni su questo lead',
      hint: 'Risponde {{model}} in base a questo lead e al catalogo. Ctrl+Invio per inviare.',
      send: 'Invia',
      thinking: '…',
      incomplete: 'La risposta è stata interrotta; ecco la parte arrivata.',
      noModel: 'Nessun modello configurato: l’assistente non può rispondere e non viene inviato nulla. Può comunque preparare un viaggio dalla richiesta del lead con il pianificatore.',
      tools: {
        search_hotels: 'Ha cercato hotel',
        search_activities: 'Ha cercato attività',
        read_tour: 'Ha letto un viaggio',
        draft_tour: 'Ha preparato un viaggio',
      },
    },
    usage: {
      title: 'Modello e consumo',
      none: 'Nessun modello configurato: non viene inviato nulla a un modello e i viaggi vengono preparati dal pianificatore.',
      source: {
        organization: 'Modello: {{model}} (impostazioni di questa organizzazione).',
        server: 'Modello: {{model}} (predefinito del server).',
      },
      tokens: '{{month}}: {{used}} token ({{prompt}} inviati, {{completion}} di risposta),',
      requests_one: 'in {{count}} richiesta.',
      requests_many: 'in {{count}} richieste.',
      requests_other: 'in {{count}} richieste.',
      limit: 'Limite mensile: {{limit}} token.',
      noLimit: 'Nessun limite mensile.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
