import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Kapcsolatok',
    empty: { title: 'Még nincsenek kapcsolatok.', hint: 'Mindenki, aki ajánlatot kér, bekerül a kapcsolatok közé.' },
    back: 'Vissza a kapcsolatokhoz',
    leadCount_one: '{{count}} érdeklődés',
    leadCount_other: '{{count}} érdeklődés',
    fields: {
      id: 'Azonosító',
      name: 'Név',
      phone: 'Telefon',
      email: 'E-mail',
      leadCount: 'Érdeklődések',
      lastQueryDate: 'Utolsó ajánlatkérés',
      queryRange: 'Ajánlatkérés dátuma',
      regions: 'Régiók',
      destinations: 'Úti célok',
      group: 'Csoport',
      createdAt: 'Létrehozva',
    },
    groups: {
      title: 'Kapcsolatcsoportok',
      empty: { title: 'Még nincsenek kapcsolatcsoportok.', hint: 'Csoportosítsa a kapcsolatokat, hogy együtt érje el őket.' },
      new: 'Új kapcsolatcsoport',
      edit: 'Kapcsolatcsoport szerkesztése',
      created: 'Kapcsolatcsoport létrehozva',
      updated: 'Kapcsolatcsoport frissítve',
      deleted: 'Kapcsolatcsoport törölve',
      name: 'Név',
      description: 'Leírás',
      contactCount: 'Kapcsolatok',
      viewContacts: 'Kapcsolatok megjelenítése',
      chooseContacts: 'A csoport tagjai',
      inGroup: 'A csoportban',
      choose: '{{name}} felvétele a csoportba',
      searchContacts: 'Kapcsolatok keresése',
      chosen_one: '{{count}} kiválasztva',
      chosen_other: '{{count}} kiválasztva',
    },
    errors: {
      fetchList: 'Nem sikerült betölteni a kapcsolatokat',
      fetchGroups: 'Nem sikerült betölteni a kapcsolatcsoportokat',
      fetchGroup: 'Nem sikerült betölteni a kapcsolatcsoportot',
      createGroup: 'Nem sikerült létrehozni a kapcsolatcsoportot',
      updateGroup: 'Nem sikerült frissíteni a kapcsolatcsoportot',
      deleteGroup: 'Nem sikerült törölni a kapcsolatcsoportot',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
