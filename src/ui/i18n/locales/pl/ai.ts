import type { LocaleResources } from '../../types';

/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: 'Generuj wycieczkę',
      hint: 'Tworzy szkic wycieczki na zamówienie na podstawie ostatniego zapytania i katalogu, a następnie go otwiera.',
      needsDates: 'Wybierz zapytanie z datami podróży, aby wygenerować wycieczkę.',
      byModel: 'Szkic przygotowany przez model {{model}}.',
      byPlanner: 'Szkic przygotowany przez planer (brak skonfigurowanego modelu).',
      replaced_one: '{{count}} wybór modelu nie był w katalogu i został zastąpiony.',
      replaced_few: '{{count}} wybory modelu nie były w katalogu i zostały zastąpione.',
      replaced_many: '{{count}} wyborów modelu nie było w katalogu i zostały zastąpione.',
      replaced_other: '{{count}} wyboru modelu nie było w katalogu i zostały zastąpione.',
      overBudget: 'W katalogu nie ma oferty mieszczącej się w budżecie na każdą noc: szkic przekracza budżet.',
      skipped_one: 'Pominięto {{count}} kierunek (mniej nocy niż kierunków).',
      skipped_few: 'Pominięto {{count}} kierunki (mniej nocy niż kierunków).',
      skipped_many: 'Pominięto {{count}} kierunków (mniej nocy niż kierunków).',
      skipped_other: 'Pominięto {{count}} kierunku (mniej nocy niż kierunków).',
      usePlanner: 'Utwórz szkic planerem',
    },
    chat: {
      assistant: 'Asystent',
      someone: 'Były członek zespołu',
      label: 'Zapytaj o ten lead',
      hint: 'Odpowiada {{model}} na podstawie tego leada i katalogu. Ctrl+Enter wysyła.',
      send: 'Wyślij',
      thinking: '…',
      incomplete: 'Odpowiedź została ucięta; oto, co dotarło.',
      noModel: 'Nie skonfigurowano modelu, więc asystent nie może odpowiedzieć i nic nie jest nigdzie wysyłane. Nadal możesz utworzyć szkic wycieczki z zapytania leada za pomocą planera.',
      tools: {
        search_hotels: 'Przeszukano hotele',
        search_activities: 'Przeszukano atrakcje',
        read_tour: 'Odczytano wycieczkę',
        draft_tour: 'Utworzono szkic wycieczki',
      },
    },
    usage: {
      title: 'Model i zużycie',
      none: 'Nie skonfigurowano modelu: nic nie jest wysyłane do modelu, a wycieczki przygotowuje planer.',
      source: {
        organization: 'Model: {{model}} (ustawienia tej organizacji).',
        server: 'Model: {{model}} (domyślny model serwera).',
      },
      tokens: '{{month}}: tokeny: {{used}} (wysłane: {{prompt}}, w odpowiedziach: {{completion}}),',
      requests_one: 'w {{count}} zapytaniu.',
      requests_few: 'w {{count}} zapytaniach.',
      requests_many: 'w {{count}} zapytaniach.',
      requests_other: 'w {{count}} zapytania.',
      limit: 'Limit miesięczny: {{limit}} tokenów.',
      noLimit: 'Brak limitu miesięcznego.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
