import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Kontakte',
    empty: { title: 'Noch keine Kontakte.', hint: 'Jede Person, die eine Anfrage sendet, wird zum Kontakt.' },
    back: 'Zurück zu den Kontakten',
    leadCount_one: '{{count}} Lead',
    leadCount_other: '{{count}} Leads',
    fields: {
      id: 'ID',
      name: 'Name',
      phone: 'Telefon',
      email: 'E-Mail',
      leadCount: 'Leads',
      lastQueryDate: 'Letzte Anfrage',
      queryRange: 'Anfragedatum',
      regions: 'Regionen',
      destinations: 'Reiseziele',
      group: 'Gruppe',
      createdAt: 'Angelegt',
    },
    groups: {
      title: 'Kontaktgruppen',
      empty: { title: 'Noch keine Kontaktgruppen.', hint: 'Fassen Sie Kontakte zu Gruppen zusammen, um sie gemeinsam zu erreichen.' },
      new: 'Neue Kontaktgruppe',
      edit: 'Kontaktgruppe bearbeiten',
      created: 'Kontaktgruppe angelegt',
      updated: 'Kontaktgruppe aktualisiert',
      deleted: 'Kontaktgruppe gelöscht',
      name: 'Name',
      description: 'Beschreibung',
      contactCount: 'Kontakte',
      viewContacts: 'Kontakte anzeigen',
      chooseContacts: 'Kontakte in der Gruppe',
      inGroup: 'In der Gruppe',
      choose: '{{name}} in die Gruppe aufnehmen',
      searchContacts: 'Kontakte suchen',
      chosen_one: '{{count}} ausgewählt',
      chosen_other: '{{count}} ausgewählt',
    },
    errors: {
      fetchList: 'Kontakte konnten nicht geladen werden',
      fetchGroups: 'Kontaktgruppen konnten nicht geladen werden',
      fetchGroup: 'Kontaktgruppe konnte nicht geladen werden',
      createGroup: 'Kontaktgruppe konnte nicht angelegt werden',
      updateGroup: 'Kontaktgruppe konnte nicht aktualisiert werden',
      deleteGroup: 'Kontaktgruppe konnte nicht gelöscht werden',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
