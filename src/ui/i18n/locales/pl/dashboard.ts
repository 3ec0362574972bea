import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'Mój dzień',
    greeting: 'Dzień dobry, {{name}}. Dziś jest {{date}}.',
    seeAll: 'Zobacz wszystko',
    seeAllOf: 'Zobacz wszystko: {{title}}',
    nothing: 'Nic teraz na Ciebie nie czeka.',
    nothingHint: 'Nowe zadania będą się tu pojawiać na bieżąco.',
    due: 'termin {{date}}',
    missed: 'Zaległy',
    arrived: 'wpłynął {{date}}',
    since: 'bez kontaktu od {{date}}',
    added: 'dodano {{date}}',
    departs: 'wyjazd {{date}}',
    subscription: 'Subskrypcja',
    seatsUsed: 'Zajęte miejsca: {{used}} z {{seats}}',
    until: 'do {{date}}',
    cards: {
      followUps: { title: 'Follow-upy na dziś', empty: 'Na dziś nie ma telefonów: wszystko zrobione.' },
      missedFollowUps: { title: "Przegapione follow-upy", empty: "Żaden z Twoich follow-upów nie jest zaległy." },
      newLeads: { title: 'Nowe leady dla Ciebie', empty: 'Żaden nowy lead nie czeka na pierwszy telefon.' },
      waitingLeads: { title: 'Twoje najdłużej czekające leady', empty: 'Żaden z Twoich leadów nie czeka.' },
      leadsToAssign: { title: 'Leady do przydzielenia', empty: 'Każdy otwarty lead ma opiekuna.' },
      vendorsToComplete: { title: 'Dostawcy bez danych bankowych', empty: 'Każdemu aktywnemu dostawcy można zapłacić.' },
      departuresToFill: { title: 'Wyjazdy poniżej minimum', empty: 'Każdy wyjazd w najbliższych tygodniach ma wymaganą liczbę uczestników.' },
    },
    errors: { fetch: 'Nie udało się pobrać Twojego dnia' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
