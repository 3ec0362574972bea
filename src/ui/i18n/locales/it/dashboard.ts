import type { LocaleResources } from '../../types';

/** «La mia giornata», la pagina iniziale. */
const dashboard = {
  dashboard: {
    title: 'La mia giornata',
    greeting: 'Buongiorno, {{name}}. Oggi è {{date}}.',
    seeAll: 'Vedi tutto',
    seeAllOf: 'Vedi tutto: {{title}}',
    nothing: 'Al momento non c’è nulla che richieda la Sua attenzione.',
    nothingHint: 'Le nuove attività compaiono qui non appena arrivano.',
    due: 'in scadenza il {{date}}',
    missed: 'Mancato',
    arrived: 'arrivato il {{date}}',
    since: 'nulla dal {{date}}',
    added: 'aggiunto il {{date}}',
    departs: 'parte il {{date}}',
    subscription: 'Abbonamento',
    seatsUsed: '{{used}} posti usati su {{seats}}',
    until: 'fino al {{date}}',
    cards: {
      followUps: { title: 'Follow-up di oggi', empty: 'Nessuna chiamata in programma oggi: tutto in ordine.' },
      missedFollowUps: { title: "Follow-up mancati", empty: "Nessuno dei vostri follow-up è in ritardo." },
      newLeads: { title: 'Nuovi lead per Lei', empty: 'Nessun nuovo lead attende una prima chiamata.' },
      waitingLeads: { title: 'I Suoi lead in attesa da più tempo', empty: 'Nessuno dei Suoi lead è in attesa.' },
      leadsToAssign: { title: 'Lead da assegnare', empty: 'Ogni lead aperto ha un responsabile.' },
      vendorsToComplete: { title: 'Fornitori senza coordinate bancarie', empty: 'Ogni fornitore attivo può essere pagato.' },
      departuresToFill: { title: 'Partenze sotto il minimo', empty: 'Ogni partenza delle prossime settimane ha i viaggiatori necessari.' },
    },
    errors: { fetch: 'Impossibile caricare la Sua giornata' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
