import type { LocaleResources } from '../../types';

const contacts = {
  contacts: {
    title: '联系人',
    empty: { title: '暂无联系人。', hint: '每位发来咨询的人都会成为联系人。' },
    back: '返回联系人列表',
    leadCount_other: '{{count}} 个潜在客户',
    fields: {
      id: 'ID',
      name: '姓名',
      phone: '电话',
      email: '电子邮件',
      leadCount: '潜在客户',
      lastQueryDate: '最近咨询',
      queryRange: '咨询日期',
      regions: '地区',
      destinations: '目的地',
      group: '分组',
      createdAt: '创建时间',
    },
    groups: {
      title: '联系人分组',
      empty: { title: '暂无联系人分组。', hint: '将联系人分组，便于统一联系。' },
      new: '新建联系人分组',
      edit: '编辑联系人分组',
      created: '联系人分组已创建',
      updated: '联系人分组已更新',
      deleted: '联系人分组已删除',
      name: '名称',
      description: '描述',
      contactCount: '联系人数',
      viewContacts: '查看联系人',
      chooseContacts: '分组中的联系人',
      inGroup: '在分组中',
      choose: '将 {{name}} 加入分组',
      searchContacts: '搜索联系人',
      chosen_other: '已选 {{count}} 个',
    },
    errors: {
      fetchList: '获取联系人失败',
      fetchGroups: '获取联系人分组失败',
      fetchGroup: '获取联系人分组信息失败',
      createGroup: '创建联系人分组失败',
      updateGroup: '更新联系人分组失败',
      deleteGroup: '删除联系人分组失败',
    },
  },
} satisfies Partial<LocaleResources>;

export default contacts;
