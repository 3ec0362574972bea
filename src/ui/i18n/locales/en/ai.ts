/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: 'Generate tour',
      hint: 'Drafts a customized tour from the latest query and the catalogue, then opens it.',
      needsDates: 'Choose a query with travel dates to generate a tour.',
      byModel: 'Drafted by the model {{model}}.',
      byPlanner: 'Drafted by the planner (no model configured).',
      replaced_one: '{{count}} choice of the model was not in the catalogue and was replaced.',
      replaced_other: '{{count}} choices of the model were not in the catalogue and were replaced.',
      overBudget: 'The catalogue has nothing within the budget for every night: the draft is over budget.',
      skipped_one: '{{count}} destination left out (fewer nights than destinations).',
      skipped_other: '{{count}} destinations left out (fewer nights than destinations).',
      usePlanner: 'Draft with the planner',
    },
    chat: {
      assistant: 'Assistant',
      someone: 'A former member',
      label: 'Ask about this lead',
      hint: 'Answered by {{model}} from this lead and the catalogue. Ctrl+Enter sends.',
      send: 'Send',
      thinking: '…',
      incomplete: 'The answer was cut off; this is what arrived.',
      noModel: 'No model is configured, so the assistant cannot answer and nothing is sent anywhere. You can still draft a tour from the lead’s query with the planner.',
      tools: {
        search_hotels: 'Searched hotels',
        search_activities: 'Searched activities',
        read_tour: 'Read a tour',
        draft_tour: 'Drafted a tour',
      },
    },
    usage: {
      title: 'Model and usage',
      none: 'No model is configured: nothing is sent to a model, and tours are drafted by the planner.',
      source: {
        organization: 'Model: {{model}} (this organization’s settings).',
        server: 'Model: {{model}} (the server’s default).',
      },
      tokens: '{{month}}: {{used}} tokens ({{prompt}} sent, {{completion}} answered),',
      requests_one: 'in {{count}} request.',
      requests_other: 'in {{count}} requests.',
      limit: 'Monthly limit: {{limit}} tokens.',
      noLimit: 'No monthly limit.',
    },
  },
};

export default ai;
