import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: '連絡先',
    empty: { title: 'まだ連絡先はありません。', hint: '問い合わせをした人は全員、連絡先として登録されます。' },
    back: '連絡先一覧に戻る',
    leadCount_other: 'リード{{count}}件',
    fields: {
      id: 'ID',
      name: '氏名',
      phone: '電話番号',
      email: 'メールアドレス',
      leadCount: 'リード',
      lastQueryDate: '最終問い合わせ日',
      queryRange: '問い合わせ日',
      regions: '地域',
      destinations: '目的地',
      group: 'グループ',
      createdAt: '作成日',
    },
    groups: {
      title: '連絡先グループ',
      empty: { title: 'まだ連絡先グループはありません。', hint: '連絡先をグループにまとめると、一括で連絡できます。' },
      new: '新規連絡先グループ',
      edit: '連絡先グループを編集',
      created: '連絡先グループを作成しました',
      updated: '連絡先グループを更新しました',
      deleted: '連絡先グループを削除しました',
      name: '名前',
      description: '説明',
      contactCount: '連絡先数',
      viewContacts: '連絡先を表示',
      chooseContacts: 'グループ内の連絡先',
      inGroup: 'グループに含む',
      choose: '{{name}}をグループに追加',
      searchContacts: '連絡先を検索',
      chosen_other: '{{count}}件選択中',
    },
    errors: {
      fetchList: '連絡先を取得できませんでした',
      fetchGroups: '連絡先グループを取得できませんでした',
      fetchGroup: '連絡先グループの情報を取得できませんでした',
      createGroup: '連絡先グループを作成できませんでした',
      updateGroup: '連絡先グループを更新できませんでした',
      deleteGroup: '連絡先グループを削除できませんでした',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
