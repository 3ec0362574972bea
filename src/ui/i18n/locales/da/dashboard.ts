import type en from '../en/dashboard';

/** »Min dag«, startsiden. */
const dashboard: typeof en = {
  dashboard: {
    title: 'Min dag',
    greeting: 'Hej {{name}}. I dag er det {{date}}.',
    seeAll: 'Se alle',
    seeAllOf: 'Se alle: {{title}}',
    nothing: 'Intet venter på dig lige nu.',
    nothingHint: 'Nye opgaver dukker op her, efterhånden som de kommer ind.',
    due: 'forfalder {{date}}',
    missed: 'Overset',
    arrived: 'kom ind {{date}}',
    since: 'intet siden {{date}}',
    added: 'tilføjet {{date}}',
    departs: 'afrejse {{date}}',
    subscription: 'Abonnement',
    seatsUsed: '{{used}} af {{seats}} pladser brugt',
    until: 'indtil {{date}}',
    cards: {
      followUps: { title: 'Opfølgninger i dag', empty: 'Ingen opkald i dag: du er helt ajour.' },
      missedFollowUps: { title: "Overskredne opfølgninger", empty: "Ingen af dine opfølgninger er overskredet." },
      newLeads: { title: 'Nye leads til dig', empty: 'Intet nyt lead venter på et første opkald.' },
      waitingLeads: { title: 'Dine leads, der har ventet længst', empty: 'Ingen af dine leads venter.' },
      leadsToAssign: { title: 'Leads, der skal fordeles', empty: 'Alle åbne leads har en ejer.' },
      vendorsToComplete: { title: 'Leverandører uden bankoplysninger', empty: 'Alle aktive leverandører kan betales.' },
      departuresToFill: { title: 'Afgange under minimum', empty: 'Alle afgange i de kommende uger har de rejsende, de skal bruge.' },
    },
    errors: { fetch: 'Kunne ikke hente din dag' },
  },
};

export default dashboard;
