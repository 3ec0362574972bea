import type en from '../en/dashboard';

/** ”Min dag”, startsidan. */
const dashboard: typeof en = {
  dashboard: {
    title: 'Min dag',
    greeting: 'Hej {{name}}. I dag är det {{date}}.',
    seeAll: 'Visa alla',
    seeAllOf: 'Visa alla: {{title}}',
    nothing: 'Inget väntar på dig just nu.',
    nothingHint: 'Nya uppgifter dyker upp här allteftersom de kommer in.',
    due: 'förfaller {{date}}',
    missed: 'Missad',
    arrived: 'kom in {{date}}',
    since: 'inget sedan {{date}}',
    added: 'tillagd {{date}}',
    departs: 'avresa {{date}}',
    subscription: 'Prenumeration',
    seatsUsed: '{{used}} av {{seats}} platser används',
    until: 'till och med {{date}}',
    cards: {
      followUps: { title: 'Uppföljningar i dag', empty: 'Inga samtal i dag: du är ikapp.' },
      missedFollowUps: { title: "Missade uppföljningar", empty: "Ingen av dina uppföljningar är försenad." },
      newLeads: { title: 'Nya leads till dig', empty: 'Inget nytt lead väntar på ett första samtal.' },
      waitingLeads: { title: 'Dina leads som väntat längst', empty: 'Inget av dina leads väntar.' },
      leadsToAssign: { title: 'Leads att fördela', empty: 'Alla öppna leads har en ägare.' },
      vendorsToComplete: { title: 'Leverantörer utan bankuppgifter', empty: 'Alla aktiva leverantörer kan få betalt.' },
      departuresToFill: { title: 'Avgångar under minimiantalet', empty: 'Alla avgångar de närmaste veckorna har de resenärer som behövs.' },
    },
    errors: { fetch: 'Det gick inte att hämta din dag' },
  },
};

export default dashboard;
