import type { LocaleResources } from '../../types';

/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: '生成行程',
      hint: '根据最新咨询和产品目录起草定制行程，然后打开它。',
      needsDates: '请选择一条有出行日期的咨询来生成行程。',
      byModel: '由模型 {{model}} 起草。',
      byPlanner: '由规划器起草（未配置模型）。',
      replaced_other: '模型的 {{count}} 项选择不在产品目录中，已被替换。',
      overBudget: '产品目录中没有能让每晚都控制在预算内的选项：草稿超出预算。',
      skipped_other: '已略去 {{count}} 个目的地（晚数少于目的地数量）。',
      usePlanner: '用规划器起草',
    },
    chat: {
      assistant: '助手',
      someone: '已离开的成员',
      label: '就此潜在客户提问',
      hint: '由 {{model}} 根据此潜在客户和产品目录回答。按 Ctrl+Enter 发送。',
      send: '发送',
      thinking: '…',
      incomplete: '回答被截断；以下是已收到的部分。',
      noModel: '未配置模型，因此助手无法回答，也不会向任何地方发送内容。您仍可用规划器根据潜在客户的咨询起草行程。',
      tools: {
        search_hotels: '已搜索酒店',
        search_activities: '已搜索活动',
        read_tour: '已读取行程',
        draft_tour: '已起草行程',
      },
    },
    usage: {
      title: '模型与用量',
      none: '未配置模型：不会向模型发送任何内容，行程由规划器起草。',
      source: {
        organization: '模型：{{model}}（本组织的设置）。',
        server: '模型：{{model}}（服务器默认）。',
      },
      tokens: '{{month}}：{{used}} 个令牌（发送 {{prompt}}，回答 {{completion}}），',
      requests_other: '共 {{count}} 次请求。',
      limit: '每月上限：{{limit}} 个令牌。',
      noLimit: '无每月上限。',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
