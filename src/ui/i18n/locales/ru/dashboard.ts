import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'Мой день',
    greeting: 'Здравствуйте, {{name}}. Сегодня {{date}}.',
    seeAll: 'Показать все',
    seeAllOf: 'Показать все: {{title}}',
    nothing: 'Сейчас ничего не требует вашего внимания.',
    nothingHint: 'Новые задачи появятся здесь по мере поступления.',
    due: 'срок {{date}}',
    missed: 'Пропущено',
    arrived: 'поступил {{date}}',
    since: 'без движения с {{date}}',
    added: 'добавлен {{date}}',
    departs: 'выезд {{date}}',
    subscription: 'Подписка',
    seatsUsed: 'Занято мест: {{used}} из {{seats}}',
    until: 'до {{date}}',
    cards: {
      followUps: { title: 'Напоминания на сегодня', empty: 'Звонков на сегодня нет: всё сделано.' },
      missedFollowUps: { title: "Пропущенные напоминания", empty: "Просроченных напоминаний нет." },
      newLeads: { title: 'Новые лиды для вас', empty: 'Нет новых лидов, ожидающих первого звонка.' },
      waitingLeads: { title: 'Ваши лиды, ожидающие дольше всех', empty: 'Ни один из ваших лидов не ждёт.' },
      leadsToAssign: { title: 'Лиды без ответственного', empty: 'У каждого открытого лида есть ответственный.' },
      vendorsToComplete: { title: 'Поставщики без банковских реквизитов', empty: 'Каждому активному поставщику можно заплатить.' },
      departuresToFill: { title: 'Выезды ниже минимума', empty: 'На всех выездах ближайших недель набрано нужное число туристов.' },
    },
    errors: { fetch: 'Не удалось загрузить ваш день' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
