import type { LocaleResources } from '../../types';

/** „Mein Tag“, die Startseite. */
const dashboard = {
  dashboard: {
    title: 'Mein Tag',
    greeting: 'Hallo {{name}}, heute ist {{date}}.',
    seeAll: 'Alle anzeigen',
    seeAllOf: 'Alle anzeigen: {{title}}',
    nothing: 'Gerade gibt es nichts für Sie zu tun.',
    nothingHint: 'Neue Aufgaben erscheinen hier, sobald sie eingehen.',
    due: 'fällig am {{date}}',
    missed: 'Verpasst',
    arrived: 'eingegangen am {{date}}',
    since: 'nichts mehr seit dem {{date}}',
    added: 'angelegt am {{date}}',
    departs: 'Abreise am {{date}}',
    subscription: 'Abonnement',
    seatsUsed: '{{used}} von {{seats}} Plätzen belegt',
    until: 'bis {{date}}',
    cards: {
      followUps: { title: 'Heute fällige Wiedervorlagen', empty: 'Heute sind keine Anrufe fällig: alles erledigt.' },
      missedFollowUps: { title: "Verpasste Wiedervorlagen", empty: "Keine Ihrer Wiedervorlagen ist überfällig." },
      newLeads: { title: 'Neue Leads für Sie', empty: 'Kein neuer Lead wartet auf einen ersten Anruf.' },
      waitingLeads: { title: 'Ihre am längsten wartenden Leads', empty: 'Keiner Ihrer Leads wartet.' },
      leadsToAssign: { title: 'Zuzuweisende Leads', empty: 'Jeder offene Lead hat einen Verantwortlichen.' },
      vendorsToComplete: { title: 'Lieferanten ohne Bankverbindung', empty: 'Jeder aktive Lieferant kann bezahlt werden.' },
      departuresToFill: { title: 'Termine unter der Mindestteilnehmerzahl', empty: 'Jeder Termin der kommenden Wochen hat genügend Reisende.' },
    },
    errors: { fetch: 'Ihr Tag konnte nicht geladen werden' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
