import type { LocaleResources } from '../../types';

/** AI: drafting a tour from a lead's query (the model or the planner), the model's usage. */
const ai = {
  ai: {
    generate: {
      action: 'ツアーを生成',
      hint: '最新の問い合わせとカタログからカスタムツアーの下書きを作成して開きます。',
      needsDates: 'ツアーを生成するには、旅行日程のある問い合わせを選んでください。',
      byModel: 'モデル{{model}}で下書きを作成しました。',
      byPlanner: 'プランナーで下書きを作成しました（モデル未設定）。',
      replaced_other: 'モデルが選んだ{{count}}件がカタログになかったため、置き換えました。',
      overBudget: 'すべての泊で予算内に収まるものがカタログにないため、下書きは予算を超えています。',
      skipped_other: '目的地{{count}}件を除外しました（泊数が目的地の数より少ないため）。',
      usePlanner: 'プランナーで下書きを作成',
    },
    chat: {
      assistant: 'アシスタント',
      someone: '元メンバー',
      label: 'このリードについて質問',
      hint: 'このリードとカタログをもとに{{model}}が回答します。Ctrl+Enterで送信します。',
      send: '送信',
      thinking: '…',
      incomplete: '回答が途中で切れました。受信できた分を表示しています。',
      noModel: 'モデルが設定されていないため、アシスタントは回答できず、どこにも何も送信されません。プランナーを使えば、リードの問い合わせからツアーの下書きを作成できます。',
      tools: {
        search_hotels: 'ホテルを検索しました',
        search_activities: 'アクティビティを検索しました',
        read_tour: 'ツアーを参照しました',
        draft_tour: 'ツアーの下書きを作成しました',
      },
    },
    usage: {
      title: 'モデルと利用状況',
      none: 'モデルが設定されていません。モデルには何も送信されず、ツアーはプランナーで作成されます。',
      source: {
        organization: 'モデル: {{model}}（この組織の設定）。',
        server: 'モデル: {{model}}（サーバーの既定）。',
      },
      tokens: '{{month}}: {{used}}トークン（送信 {{prompt}}、回答 {{completion}}）、',
      requests_other: 'リクエスト{{count}}件。',
      limit: '月間上限: {{limit}}トークン。',
      noLimit: '月間上限なし。',
    },
  },
} satisfies Partial<LocaleResources>;

export default ai;
