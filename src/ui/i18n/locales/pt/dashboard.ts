import type en from '../en/dashboard';

/** «O meu dia», a página inicial. */
const dashboard: typeof en = {
  dashboard: {
    title: 'O meu dia',
    greeting: 'Olá, {{name}}. Hoje é {{date}}.',
    seeAll: 'Ver tudo',
    seeAllOf: 'Ver tudo: {{title}}',
    nothing: 'Neste momento não há nada à sua espera.',
    nothingHint: 'O trabalho novo aparece aqui à medida que chega.',
    due: 'para {{date}}',
    missed: 'Em falta',
    arrived: 'chegou a {{date}}',
    since: 'nada desde {{date}}',
    added: 'adicionado a {{date}}',
    departs: 'parte a {{date}}',
    subscription: 'Subscrição',
    seatsUsed: '{{used}} de {{seats}} lugares usados',
    until: 'até {{date}}',
    cards: {
      followUps: { title: 'Acompanhamentos para hoje', empty: 'Não há chamadas para hoje: está tudo em dia.' },
      missedFollowUps: { title: "Acompanhamentos em atraso", empty: "Nenhum dos seus acompanhamentos está em atraso." },
      newLeads: { title: 'Novos leads para si', empty: 'Nenhum lead novo está à espera de um primeiro contacto.' },
      waitingLeads: { title: 'Os seus leads à espera há mais tempo', empty: 'Nenhum dos seus leads está à espera.' },
      leadsToAssign: { title: 'Leads por atribuir', empty: 'Todos os leads abertos têm responsável.' },
      vendorsToComplete: { title: 'Fornecedores sem dados bancários', empty: 'Todos os fornecedores ativos podem ser pagos.' },
      departuresToFill: { title: 'Partidas abaixo do mínimo', empty: 'Todas as partidas das próximas semanas têm os viajantes de que precisam.' },
    },
    errors: { fetch: 'Não foi possível carregar o seu dia' },
  },
};

export default dashboard;
