import type { DocumentStrings } from './en';

const ru: DocumentStrings = {
  page: 'Страница {{page}} из {{pages}}',
  terms: 'Условия и положения',
  total: 'Итого',
  methods: { cash: 'Наличные', 'bank-transfer': 'Банковский перевод', card: 'Карта', cheque: 'Чек', online: 'Онлайн-оплата' },
  receipt: {
    title: 'Квитанция',
    number: 'Номер квитанции',
    date: 'Дата',
    paymentMethod: 'Способ оплаты',
    description: 'Описание',
    amount: 'Полученная сумма',
    thanks: 'Получено с благодарностью.',
  },
  itinerary: {
    title: 'Программа поездки',
    preparedFor: 'Подготовлено для: {{name}}',
    atAGlance: 'Поездка вкратце',
    dates: 'Даты',
    nights: 'Ночей',
    travellers: 'Путешественники',
    day: 'День {{day}}',
    hotel: 'Отель',
    activities: 'Экскурсии и занятия',
    inclusions: 'Включено',
    exclusions: 'Не включено',
    priceSummary: 'Сводка стоимости',
    pricePerPerson: 'Цена на человека',
  },
  email: {
    receiptSubject: 'Квитанция {{number}} от {{organization}}',
    receiptMessage: 'Уважаемый клиент!\n\nВо вложении — наша квитанция {{number}}.\n\nС уважением,\n{{organization}}',
    itinerarySubject: 'Ваша программа поездки от {{organization}}',
    itineraryMessage: 'Здравствуйте, {{name}}!\n\nВо вложении — программа поездки, которую мы подготовили для вас.\n\nС уважением,\n{{organization}}',
    testSubject: 'Тестовое письмо от {{organization}}',
    testMessage: 'Это тестовое письмо. Настройки почтового сервера {{organization}} работают.',
  },
};

export default ru;
