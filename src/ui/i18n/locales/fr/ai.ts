import type { LocaleResources } from '../../types';

/** IA : préparer un circuit à partir de la demande d’un prospect (modèle ou planificateur), consommation du modèle. */
const ai = {
  ai: {
    generate: {
      action: 'Générer le circuit',
      hint: 'Prépare un circuit sur mesure à partir de la dernière demande et du catalogue, puis l’ouvre.',
      needsDates: 'Choisissez une demande avec des dates de voyage pour générer un circuit.',
      byModel: 'Préparé par le modèle {{model}}.',
      byPlanner: 'Préparé par le planificateur (aucun modèle configuré).',
      replaced_one: '{{count}} choix du modèle n’était pas au catalogue et a été remplacé.',
      replaced_many: '{{count}} choix du modèle n’étaient pas au catalogue et ont été remplacés.',
      replaced_other: '{{count}} choix du modèle n’étaient pas au catalogue et ont été remplacés.',
      overBudget: 'Le catalogue n’a rien dans le budget pour chaque nuit : le brouillon dépasse le budget.',
      skipped_one: '{{count}} destination écartée (moins de nuits que de destinations).',
      skipped_many: '{{count}} destinations écartées (moins de nuits que de destinations).',
      skipped_other: '{{count}} destinations écartées (moins de nuits que de destinations).',
      usePlanner: 'Préparer avec le planificateur',
    },
    chat: {
      assistant: 'Assistant',
      someone: 'Un ancien membre',
      label: 'Poser une question sur ce prospect',
      hint: 'Réponse de {{model}} à partir de ce prospect et du catalogue. Ctrl+Entrée pour envoyer.',
      send: 'Envoyer',
      thinking: '…',
      incomplete: 'La réponse a été coupée ; voici ce qui est arrivé.',
      noModel: 'Aucun modèle n’est configuré : l’assistant ne peut pas répondre et rien n’est envoyé nulle part. Vous pouvez toujours préparer un circuit à partir de la demande du prospect avec le planificateur.',
      tools: {
        search_hotels: 'A cherché des hôtels',
        search_activities: 'A cherché des activités',
        read_tour: 'A lu un circuit',
        draft_tour: 'A préparé un circuit',
      },
    },
    usage: {
      title: 'Modèle et consommation',
      none: 'Aucun modèle n’est configuré : rien n’est envoyé à un modèle et les circuits sont préparés par le planificateur.',
      source: {
        organization: 'Modèle : {{model}} (paramètres de cette organisation).',
        server: 'Modèle : {{model}} (valeur par défaut du serveur).',
      },
      tokens: '{{month}} : {{used}} jetons ({{prompt}} envoyés, {{completion}} en réponse),',
      requests_one: 'en {{count}} requête.',
      requests_many: 'en {{count}} requêtes.',
      requests_other: 'en {{count}} requêtes.',
      limit: 'Limite mensuelle : {{limit}} jetons.',
      noLimit: 'Aucune limite mensuelle.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
