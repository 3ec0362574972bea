import type { LocaleResources } from '../../types';

/** « Ma journée », la page d’accueil. */
const dashboard = {
  dashboard: {
    title: 'Ma journée',
    greeting: 'Bonjour {{name}}. Nous sommes le {{date}}.',
    seeAll: 'Tout voir',
    seeAllOf: 'Tout voir : {{title}}',
    nothing: 'Rien ne requiert votre attention pour le moment.',
    nothingHint: 'Les nouvelles tâches s’affichent ici dès qu’elles arrivent.',
    due: 'à faire le {{date}}',
    missed: 'Manquée',
    arrived: 'reçu le {{date}}',
    since: 'rien depuis le {{date}}',
    added: 'ajouté le {{date}}',
    departs: 'départ le {{date}}',
    subscription: 'Abonnement',
    seatsUsed: '{{used}} places utilisées sur {{seats}}',
    until: 'jusqu’au {{date}}',
    cards: {
      followUps: { title: 'Relances du jour', empty: 'Aucun appel prévu aujourd’hui : tout est à jour.' },
      missedFollowUps: { title: "Relances manquées", empty: "Aucune de vos relances n’est en retard." },
      newLeads: { title: 'Nouveaux prospects pour vous', empty: 'Aucun nouveau prospect n’attend de premier appel.' },
      waitingLeads: { title: 'Vos prospects en attente depuis le plus longtemps', empty: 'Aucun de vos prospects n’attend.' },
      leadsToAssign: { title: 'Prospects à attribuer', empty: 'Chaque prospect ouvert a un responsable.' },
      vendorsToComplete: { title: 'Fournisseurs sans coordonnées bancaires', empty: 'Chaque fournisseur actif peut être payé.' },
      departuresToFill: { title: 'Départs sous leur minimum', empty: 'Chaque départ des prochaines semaines a les voyageurs nécessaires.' },
    },
    errors: { fetch: 'Impossible de charger votre journée' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
