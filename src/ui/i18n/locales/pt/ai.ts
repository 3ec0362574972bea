import type { LocaleResources } from '../../types';

/** IA: rascunho de uma viagem a partir do pedido de um lead (o modelo ou o planeador), consumo do modelo. */
const ai = {
  ai: {
    generate: {
      action: 'Gerar viagem',
      hint: 'Cria um rascunho de viagem à medida a partir do pedido mais recente e do catálogo e abre-o.',
      needsDates: 'Escolha um pedido com datas de viagem para gerar uma viagem.',
      byModel: 'Rascunho criado pelo modelo {{model}}.',
      byPlanner: 'Rascunho criado pelo planeador (nenhum modelo configurado).',
      replaced_one: '{{count}} escolha do modelo não estava no catálogo e foi substituída.',
      replaced_many: '{{count}} escolhas do modelo não estavam no catálogo e foram substituídas.',
      replaced_other: '{{count}} escolhas do modelo não estavam no catálogo e foram substituídas.',
      overBudget: 'O catálogo não tem nada dentro do orçamento para todas as noites: o rascunho excede o orçamento.',
      skipped_one: '{{count}} destino ficou de fora (menos noites do que destinos).',
      skipped_many: '{{count}} destinos ficaram de fora (menos noites do que destinos).',
      skipped_other: '{{count}} destinos ficaram de fora (menos noites do que destinos).',
      usePlanner: 'Criar com o planeador',
    },
    chat: {
      assistant: 'Assistente',
      someone: 'Um antigo membro',
      label: 'Perguntar sobre este lead',
      hint: 'Respondido por {{model}} com base neste lead e no catálogo. Ctrl+Enter envia.',
      send: 'Enviar',
      thinking: '…',
      incomplete: 'A resposta foi interrompida; isto é o que chegou.',
      noModel: 'Não há nenhum modelo configurado, por isso o assistente não pode responder e nada é enviado para lado nenhum. Pode ainda criar uma viagem a partir do pedido do lead com o planeador.',
      tools: {
        search_hotels: 'Pesquisou hotéis',
        search_activities: 'Pesquisou atividades',
        read_tour: 'Leu uma viagem',
        draft_tour: 'Criou um rascunho de viagem',
      },
    },
    usage: {
      title: 'Modelo e consumo',
      none: 'Não há nenhum modelo configurado: nada é enviado a um modelo e as viagens são criadas pelo planeador.',
      source: {
        organization: 'Modelo: {{model}} (configurações desta organização).',
        server: 'Modelo: {{model}} (predefinição do servidor).',
      },
      tokens: '{{month}}: {{used}} tokens ({{prompt}} enviados, {{completion}} respondidos),',
      requests_one: 'em {{count}} pedido.',
      requests_many: 'em {{count}} pedidos.',
      requests_other: 'em {{count}} pedidos.',
      limit: 'Limite mensal: {{limit}} tokens.',
      noLimit: 'Sem limite mensal.',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
