import type { LocaleResources } from '../../types';

/** «Mi día», la página de inicio. */
const dashboard = {
  dashboard: {
    title: 'Mi día',
    greeting: 'Hola, {{name}}. Hoy es {{date}}.',
    seeAll: 'Ver todo',
    seeAllOf: 'Ver todo: {{title}}',
    nothing: 'Ahora mismo no hay nada pendiente para usted.',
    nothingHint: 'El trabajo nuevo aparece aquí en cuanto llega.',
    due: 'vence el {{date}}',
    missed: 'No realizado',
    arrived: 'recibido el {{date}}',
    since: 'nada desde el {{date}}',
    added: 'añadido el {{date}}',
    departs: 'sale el {{date}}',
    subscription: 'Suscripción',
    seatsUsed: '{{used}} de {{seats}} plazas en uso',
    until: 'hasta el {{date}}',
    cards: {
      followUps: { title: 'Seguimientos para hoy', empty: 'No hay llamadas para hoy: todo al día.' },
      missedFollowUps: { title: "Seguimientos vencidos", empty: "Ninguno de sus seguimientos está vencido." },
      newLeads: { title: 'Nuevos clientes potenciales para usted', empty: 'Ningún cliente potencial nuevo espera una primera llamada.' },
      waitingLeads: { title: 'Sus clientes potenciales que más esperan', empty: 'Ninguno de sus clientes potenciales está esperando.' },
      leadsToAssign: { title: 'Clientes potenciales por asignar', empty: 'Todos los clientes potenciales abiertos tienen responsable.' },
      vendorsToComplete: { title: 'Proveedores sin datos bancarios', empty: 'Se puede pagar a todos los proveedores activos.' },
      departuresToFill: { title: 'Salidas por debajo del mínimo', empty: 'Todas las salidas de las próximas semanas tienen los viajeros que necesitan.' },
    },
    errors: { fetch: 'No se pudo cargar su día' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
