import type { OtherIncome } from '../../../src/api/finance/contract';
import type { DocumentTemplate } from '../render';

/** The receipt of other income (`POST /budget/income`): its number, date, method, description and amount. */
export const receiptTemplate: DocumentTemplate<Pick<OtherIncome, 'number' | 'date' | 'amount' | 'currency' | 'paymentMethod' | 'description'>> = {
  kind: 'receipt',
  audience: 'customer',
  title: (r, s) => `${s.receipt.title} ${r.number}`,
  fileName: (r) => `${r.number}.pdf`,
  render(w, r) {
    const { receipt, methods } = w.s;
    w.title(receipt.title, r.number);
    w.fields([
      [receipt.number, r.number],
      [receipt.date, w.format.date(r.date)],
      [receipt.paymentMethod, methods[r.paymentMethod]],
      [receipt.description, r.description],
    ]);
    w.amountBox(receipt.amount, w.format.money(r.amount, r.currency));
    w.paragraph(receipt.thanks, { muted: true });
  },
};
