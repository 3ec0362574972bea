import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Kontakter',
    empty: { title: 'Ingen kontakter endnu.', hint: 'Alle, der sender en forespørgsel, bliver en kontakt.' },
    back: 'Tilbage til kontakter',
    leadCount_one: '{{count}} lead',
    leadCount_other: '{{count}} leads',
    fields: {
      id: 'ID',
      name: 'Navn',
      phone: 'Telefon',
      email: 'E-mail',
      leadCount: 'Leads',
      lastQueryDate: 'Seneste forespørgsel',
      queryRange: 'Forespørgselsdato',
      regions: 'Regioner',
      destinations: 'Destinationer',
      group: 'Gruppe',
      createdAt: 'Oprettet',
    },
    groups: {
      title: 'Kontaktgrupper',
      empty: { title: 'Ingen kontaktgrupper endnu.', hint: 'Saml kontakter i grupper for at nå dem samlet.' },
      new: 'Ny kontaktgruppe',
      edit: 'Rediger kontaktgruppe',
      created: 'Kontaktgruppe oprettet',
      updated: 'Kontaktgruppe opdateret',
      deleted: 'Kontaktgruppe slettet',
      name: 'Navn',
      description: 'Beskrivelse',
      contactCount: 'Kontakter',
      viewContacts: 'Vis kontakterne',
      chooseContacts: 'Kontakter i gruppen',
      inGroup: 'I gruppen',
      choose: 'Sæt {{name}} i gruppen',
      searchContacts: 'Søg i kontakter',
      chosen_one: '{{count}} valgt',
      chosen_other: '{{count}} valgt',
    },
    errors: {
      fetchList: 'Kunne ikke hente kontakter',
      fetchGroups: 'Kunne ikke hente kontaktgrupper',
      fetchGroup: 'Kunne ikke hente kontaktgruppen',
      createGroup: 'Kunne ikke oprette kontaktgruppen',
      updateGroup: 'Kunne ikke opdatere kontaktgruppen',
      deleteGroup: 'Kunne ikke slette kontaktgruppen',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
