import type { DocumentStrings } from './en';

const zh: DocumentStrings = {
  page: '第 {{page}} 页，共 {{pages}} 页',
  terms: '条款和条件',
  total: '合计',
  methods: { cash: '现金', 'bank-transfer': '银行转账', card: '银行卡', cheque: '支票', online: '在线支付' },
  receipt: {
    title: '收据',
    number: '收据编号',
    date: '日期',
    paymentMethod: '付款方式',
    description: '说明',
    amount: '收款金额',
    thanks: '款项已收讫，谢谢。',
  },
  itinerary: {
    title: '行程单',
    preparedFor: '为 {{name}} 准备',
    atAGlance: '行程概览',
    dates: '日期',
    nights: '晚数',
    travellers: '旅客',
    day: '第 {{day}} 天',
    hotel: '酒店',
    activities: '活动',
    inclusions: '费用包含',
    exclusions: '费用不含',
    priceSummary: '价格汇总',
    pricePerPerson: '每人价格',
  },
  email: {
    receiptSubject: '{{organization}} 收据 {{number}}',
    receiptMessage: '尊敬的客户：\n\n附件为我们的收据 {{number}}。\n\n此致\n{{organization}}',
    itinerarySubject: '{{organization}} 为您准备的行程单',
    itineraryMessage: '尊敬的 {{name}}：\n\n附件为我们为您准备的行程单。\n\n此致\n{{organization}}',
    testSubject: '{{organization}} 测试邮件',
    testMessage: '这是一封测试邮件。{{organization}} 的邮件服务器设置工作正常。',
  },
};

export default zh;
