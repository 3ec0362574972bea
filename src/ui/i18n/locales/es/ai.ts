import type { LocaleResources } from '../../types';

/** IA: preparar un viaje a partir de la consulta de un cliente potencial (el modelo o el planificador) y el consumo del modelo. */
const ai = {
  ai: {
    generate: {
      action: 'Generar viaje',
      hint: 'Prepara un viaje a medida a partir de la última consulta y del catálogo, y lo abre.',
      needsDates: 'Elija una consulta con fechas de viaje para generar un viaje.',
      byModel: 'Preparado por el modelo {{model}}.',
      byPlanner: 'Preparado por el planificador (no hay ningún modelo configurado).',
      replaced_one: '{{count}} elección del modelo no estaba en el catálogo y se sustituyó.',
      replaced_many: '{{count}} elecciones del modelo no estaban en el catálogo y se sustituyeron.',
      replaced_other: '{{count}} elecciones del modelo no estaban en el catálogo y se sustituyeron.',
      overBudget: 'El catálogo no tiene nada dentro del presupuesto para cada noche: el borrador supera el presupuesto.',
      skipped_one: '{{count}} destino omitido (menos noches que destinos).',
      skipped_many: '{{count}} destinos omitidos (menos noches que destinos).',
      skipped_other: '{{count}} destinos omitidos (menos noches que destinos).',
      usePlanner: 'Preparar con el planificador',
    },
    chat: {
      assistant: 'Asistente',
      someone: 'Un antiguo miembro',
      label: 'Pregunte sobre este cliente potencial',
      hint: 'Responde {{model}} a partir de este cliente potencial y del catálogo. Ctrl+Intro para enviar.',
      send: 'Enviar',
      thinking: '…',
      incomplete: 'La respuesta se cortó; esto es lo que llegó.',
      noModel: 'No hay ningún modelo configurado, así que el asistente no puede responder y no se envía nada a ningún sitio. Aun así, puede preparar un viaje a partir de la consulta del cliente potencial con el planificador.',
      tools: {
        search_hotels: 'Buscó hoteles',
        search_activities: 'Buscó actividades',
        read_tour: 'Leyó un viaje',
        draft_tour: 'Preparó un viaje',
      },
    },
    usage: {
      title: 'Modelo y consumo',
      none: 'No hay ningún modelo configurado: no se envía nada a ningún modelo y los viajes los prepara el planificador.',
      source: {
        organization: 'Modelo: {{model}} (ajustes de esta organización).',
        server: 'Modelo: {{model}} (predeterminado del servidor).',
      },
      tokens: '{{month}}: {{used}} tokens ({{prompt}} enviados, {{completion}} de respuesta),',
      requests_one: 'en {{count}} solicitud.',
      requests_many: 'en {{count}} solicitudes.',
      requests_other: 'en {{count}} solicitudes.',
      limit: 'Límite mensual: {{limit}} tokens.',
      noLimit: 'Sin límite mensual.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
