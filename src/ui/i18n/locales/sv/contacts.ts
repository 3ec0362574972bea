import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Kontakter',
    empty: { title: 'Inga kontakter ännu.', hint: 'Alla som skickar en förfrågan blir en kontakt.' },
    back: 'Tillbaka till kontakter',
    leadCount_one: '{{count}} lead',
    leadCount_other: '{{count}} leads',
    fields: {
      id: 'ID',
      name: 'Namn',
      phone: 'Telefon',
      email: 'E-post',
      leadCount: 'Leads',
      lastQueryDate: 'Senaste förfrågan',
      queryRange: 'Förfrågningsdatum',
      regions: 'Regioner',
      destinations: 'Resmål',
      group: 'Grupp',
      createdAt: 'Skapad',
    },
    groups: {
      title: 'Kontaktgrupper',
      empty: { title: 'Inga kontaktgrupper ännu.', hint: 'Gruppera kontakter för att nå dem tillsammans.' },
      new: 'Ny kontaktgrupp',
      edit: 'Redigera kontaktgrupp',
      created: 'Kontaktgruppen har skapats',
      updated: 'Kontaktgruppen har uppdaterats',
      deleted: 'Kontaktgruppen har tagits bort',
      name: 'Namn',
      description: 'Beskrivning',
      contactCount: 'Kontakter',
      viewContacts: 'Visa kontakterna',
      chooseContacts: 'Kontakter i gruppen',
      inGroup: 'I gruppen',
      choose: 'Lägg {{name}} i gruppen',
      searchContacts: 'Sök kontakter',
      chosen_one: '{{count}} vald',
      chosen_other: '{{count}} valda',
    },
    errors: {
      fetchList: 'Det gick inte att hämta kontakter',
      fetchGroups: 'Det gick inte att hämta kontaktgrupper',
      fetchGroup: 'Det gick inte att hämta kontaktgruppen',
      createGroup: 'Det gick inte att skapa kontaktgruppen',
      updateGroup: 'Det gick inte att uppdatera kontaktgruppen',
      deleteGroup: 'Det gick inte att ta bort kontaktgruppen',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
