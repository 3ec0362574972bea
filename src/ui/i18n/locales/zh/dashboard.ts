import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: '我的今日',
    greeting: '{{name}}，您好。今天是 {{date}}。',
    seeAll: '查看全部',
    seeAllOf: '查看全部：{{title}}',
    nothing: '目前没有需要您处理的事项。',
    nothingHint: '新工作一到就会显示在这里。',
    due: '{{date}} 到期',
    missed: '已错过',
    arrived: '{{date}} 进入',
    since: '自 {{date}} 起无进展',
    added: '{{date}} 添加',
    departs: '{{date}} 出发',
    subscription: '订阅',
    seatsUsed: '已用 {{used}} / {{seats}} 个席位',
    until: '至 {{date}}',
    cards: {
      followUps: { title: '今日到期的跟进', empty: '今天没有到期的电话：全部处理完毕。' },
      missedFollowUps: { title: "已错过的跟进", empty: "您没有逾期的跟进。" },
      newLeads: { title: '分配给您的新潜在客户', empty: '没有等待首次联系的新潜在客户。' },
      waitingLeads: { title: '等待最久的潜在客户', empty: '您的潜在客户都没有在等待。' },
      leadsToAssign: { title: '待分配的潜在客户', empty: '所有未关闭的潜在客户都有负责人。' },
      vendorsToComplete: { title: '缺少银行信息的供应商', empty: '所有有效供应商都可以付款。' },
      departuresToFill: { title: '未达最低成团人数的团期', empty: '未来几周的团期人数均已达标。' },
    },
    errors: { fetch: '获取今日事项失败' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
