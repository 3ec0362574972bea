import type { LocaleResources } from '../../types';

/** KI: eine Reise aus der Anfrage eines Leads entwerfen (Modell oder Planer), die Nutzung des Modells. */
const ai = {
  ai: {
    generate: {
      action: 'Reise erstellen',
      hint: 'Entwirft aus der neuesten Anfrage und dem Katalog eine individuelle Reise und öffnet sie.',
      needsDates: 'Wählen Sie eine Anfrage mit Reisedaten, um eine Reise zu erstellen.',
      byModel: 'Entworfen vom Modell {{model}}.',
      byPlanner: 'Entworfen vom Planer (kein Modell eingerichtet).',
      replaced_one: '{{count}} Vorschlag des Modells war nicht im Katalog und wurde ersetzt.',
      replaced_other: '{{count}} Vorschläge des Modells waren nicht im Katalog und wurden ersetzt.',
      overBudget: 'Der Katalog hat nicht für jede Nacht etwas innerhalb des Budgets: Der Entwurf liegt über dem Budget.',
      skipped_one: '{{count}} Reiseziel ausgelassen (weniger Nächte als Reiseziele).',
      skipped_other: '{{count}} Reiseziele ausgelassen (weniger Nächte als Reiseziele).',
      usePlanner: 'Mit dem Planer entwerfen',
    },
    chat: {
      assistant: 'Assistent',
      someone: 'Ein ehemaliges Teammitglied',
      label: 'Fragen zu diesem Lead',
      hint: 'Antwort von {{model}} auf Basis dieses Leads und des Katalogs. Strg+Enter sendet.',
      send: 'Senden',
      thinking: '…',
      incomplete: 'Die Antwort wurde abgeschnitten; das ist der empfangene Teil.',
      noModel: 'Es ist kein Modell eingerichtet: Der Assistent kann nicht antworten, und nichts wird irgendwohin gesendet. Sie können trotzdem mit dem Planer eine Reise aus der Anfrage des Leads entwerfen.',
      tools: {
        search_hotels: 'Hotels durchsucht',
        search_activities: 'Aktivitäten durchsucht',
        read_tour: 'Reise gelesen',
        draft_tour: 'Reise entworfen',
      },
    },
    usage: {
      title: 'Modell und Nutzung',
      none: 'Es ist kein Modell eingerichtet: Nichts wird an ein Modell gesendet, Reisen entwirft der Planer.',
      source: {
        organization: 'Modell: {{model}} (Einstellungen dieser Organisation).',
        server: 'Modell: {{model}} (Standard des Servers).',
      },
      tokens: '{{month}}: {{used}} Tokens ({{prompt}} gesendet, {{completion}} geantwortet),',
      requests_one: 'in {{count}} Anfrage.',
      requests_other: 'in {{count}} Anfragen.',
      limit: 'Monatliches Limit: {{limit}} Tokens.',
      noLimit: 'Kein monatliches Limit.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
