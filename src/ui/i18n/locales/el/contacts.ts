import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: 'Επαφές',
    empty: { title: 'Δεν υπάρχουν επαφές ακόμη.', hint: 'Όποιος στέλνει αίτημα γίνεται επαφή.' },
    back: 'Επιστροφή στις επαφές',
    leadCount_one: '{{count}} δυνητικός πελάτης',
    leadCount_other: '{{count}} δυνητικοί πελάτες',
    fields: {
      id: 'ID',
      name: 'Όνομα',
      phone: 'Τηλέφωνο',
      email: 'Email',
      leadCount: 'Δυνητικοί πελάτες',
      lastQueryDate: 'Τελευταίο αίτημα',
      queryRange: 'Ημερομηνία αιτήματος',
      regions: 'Περιοχές',
      destinations: 'Προορισμοί',
      group: 'Ομάδα',
      createdAt: 'Δημιουργία',
    },
    groups: {
      title: 'Ομάδες επαφών',
      empty: { title: 'Δεν υπάρχουν ομάδες επαφών ακόμη.', hint: 'Ομαδοποιήστε επαφές για να επικοινωνείτε μαζί τους ταυτόχρονα.' },
      new: 'Νέα ομάδα επαφών',
      edit: 'Επεξεργασία ομάδας επαφών',
      created: 'Η ομάδα επαφών δημιουργήθηκε',
      updated: 'Η ομάδα επαφών ενημερώθηκε',
      deleted: 'Η ομάδα επαφών διαγράφηκε',
      name: 'Όνομα',
      description: 'Περιγραφή',
      contactCount: 'Επαφές',
      viewContacts: 'Προβολή επαφών',
      chooseContacts: 'Επαφές της ομάδας',
      inGroup: 'Στην ομάδα',
      choose: 'Προσθήκη στην ομάδα: {{name}}',
      searchContacts: 'Αναζήτηση επαφών',
      chosen_one: '{{count}} επιλεγμένη',
      chosen_other: '{{count}} επιλεγμένες',
    },
    errors: {
      fetchList: 'Αποτυχία φόρτωσης επαφών',
      fetchGroups: 'Αποτυχία φόρτωσης ομάδων επαφών',
      fetchGroup: 'Αποτυχία φόρτωσης ομάδας επαφών',
      createGroup: 'Αποτυχία δημιουργίας ομάδας επαφών',
      updateGroup: 'Αποτυχία ενημέρωσης ομάδας επαφών',
      deleteGroup: 'Αποτυχία διαγραφής ομάδας επαφών',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
