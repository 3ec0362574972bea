/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'My day',
    greeting: 'Hello, {{name}}. Today is {{date}}.',
    seeAll: 'See all',
    seeAllOf: 'See all: {{title}}',
    nothing: 'Nothing needs you right now.',
    nothingHint: 'New work shows up here as it comes in.',
    due: 'due {{date}}',
    missed: 'Missed',
    arrived: 'arrived {{date}}',
    since: 'nothing since {{date}}',
    added: 'added {{date}}',
    departs: 'departs {{date}}',
    subscription: 'Subscription',
    seatsUsed: '{{used}} of {{seats}} seats used',
    until: 'until {{date}}',
    cards: {
      followUps: { title: 'Follow-ups due today', empty: 'No calls due today: all caught up.' },
      missedFollowUps: { title: "Missed follow-ups", empty: "No follow-up of yours is overdue." },
      newLeads: { title: 'New leads for you', empty: 'No new lead is waiting for a first call.' },
      waitingLeads: { title: 'Your leads waiting longest', empty: 'None of your leads is waiting.' },
      leadsToAssign: { title: 'Leads to assign', empty: 'Every open lead has an owner.' },
      vendorsToComplete: { title: 'Vendors without bank details', empty: 'Every active vendor can be paid.' },
      departuresToFill: { title: 'Departures below their minimum', empty: 'Every departure of the coming weeks has the travellers it needs.' },
    },
    errors: { fetch: 'Failed to fetch your day' },
  },
};

export default dashboard;
