import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: '今日の業務',
    greeting: 'こんにちは、{{name}}さん。今日は{{date}}です。',
    seeAll: 'すべて表示',
    seeAllOf: 'すべて表示: {{title}}',
    nothing: '今すぐ対応が必要なものはありません。',
    nothingHint: '新しい業務が入ると、ここに表示されます。',
    due: '期限 {{date}}',
    missed: '期限切れ',
    arrived: '{{date}}受付',
    since: '{{date}}以降対応なし',
    added: '{{date}}追加',
    departs: '{{date}}出発',
    subscription: 'サブスクリプション',
    seatsUsed: '{{seats}}席中{{used}}席使用',
    until: '{{date}}まで',
    cards: {
      followUps: { title: '今日期限のフォローアップ', empty: '今日期限の連絡はありません。すべて対応済みです。' },
      missedFollowUps: { title: "期限切れのフォローアップ", empty: "期限切れのフォローアップはありません。" },
      newLeads: { title: 'あなたの新規リード', empty: '最初の連絡を待っている新規リードはありません。' },
      waitingLeads: { title: '待ち時間の長いリード', empty: '待機中のリードはありません。' },
      leadsToAssign: { title: '未割り当てのリード', empty: '対応中のリードにはすべて担当者がいます。' },
      vendorsToComplete: { title: '口座情報のない仕入先', empty: '有効な仕入先はすべて支払い可能です。' },
      departuresToFill: { title: '最少催行人員に満たない出発', empty: '今後数週間の出発は、すべて必要な人数に達しています。' },
    },
    errors: { fetch: '今日の業務を取得できませんでした' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
