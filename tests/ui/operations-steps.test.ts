import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissingItem } from '../../src/api/operations/contract';
import { NEXT_STEPS, nextStepOf, type OperationProgress } from '../../src/machines/operation-machine';
import { daysBetween } from '../../src/domain/calendar';
import { actualProfitOf, checklistOf, refusedIds, STEP_LOOK, stepCount, urgencyOf, vendorsNamed } from '../../src/features/operations/steps';
import { changeLanguage, i18next, initI18n } from '../../src/ui/i18n';

/**
 * What the board and the operation page show of a trip's next step and its checklist, from the
 * machines' own derivation (`nextStepOf`): each step has a look and words in English and Arabic,
 * its count is the work it names, and the checklist is the server's `missing` in the order things
 * are done. The server's refusals' params (ids, vendors) are read as it sends them.
 */
const progress = (p: Partial<OperationProgress>): OperationProgress => ({ status: 'pending', vouchers: 0, expenses: 0, drafts: 0, unsent: 0, unpaid: 0, ...p });
const op = (p: Partial<OperationProgress>) => {
  const full = progress(p);
  return { nextStep: nextStepOf(full), progress: { vouchers: full.vouchers, drafts: full.drafts, unsent: full.unsent, expenses: full.expenses, unpaid: full.unpaid } };
};

describe('the next step as shown', () => {
  beforeAll(() => initI18n('en'));
  afterAll(() => changeLanguage('en'));

  it('counts the work the step is about: drafts to confirm, vouchers to send, items to pay', () => {
    expect(op({ vouchers: 3, drafts: 2, unsent: 1, unpaid: 3 })).toMatchObject({ nextStep: 'confirmVouchers' });
    expect(stepCount(op({ vouchers: 3, drafts: 2, unsent: 1, unpaid: 3 }))).toBe(2);
    expect(stepCount(op({ vouchers: 3, unsent: 3, unpaid: 3 }))).toBe(3);
    expect(stepCount(op({ vouchers: 3, expenses: 1, unpaid: 4 }))).toBe(4);
    expect(stepCount(op({ vouchers: 3 }))).toBe(0);
    expect(op({ vouchers: 3 }).nextStep).toBe('complete');
    expect(op({ status: 'completed', vouchers: 3 }).nextStep).toBe('done');
  });

  it('every step has a look, and words in English and Arabic with its count', async () => {
    await changeLanguage('ae');
    await changeLanguage('en');
    for (const step of NEXT_STEPS) {
      expect(STEP_LOOK[step].icon).toMatch(/^pi pi-/);
      for (const lng of ['en', 'ae']) {
        const words = i18next.t(`operations.steps.${step}`, { count: 2, lng });
        expect(words, `${lng} ${step}`).not.toMatch(/operations\.|\{\{/);
        expect(i18next.t(`operations.stepNames.${step}`, { lng })).not.toMatch(/operations\./);
        expect(i18next.t(`operations.panel.hints.${step}`, { lng })).not.toMatch(/operations\./);
      }
    }
    expect(i18next.t('operations.steps.confirmVouchers', { count: 2, lng: 'en' })).toBe('Confirm 2 vouchers');
    expect(i18next.t('operations.steps.confirmVouchers', { count: 1, lng: 'en' })).toBe('Confirm 1 voucher');
    expect(i18next.t('operations.steps.confirmVouchers', { count: 2, lng: 'ae' })).toBe('أكّد قسيمتين');
    expect(i18next.t('operations.steps.payVendors', { count: 5, lng: 'ae' })).toBe('ادفع 5 بنود');
  });

  it('the Arabic file names every key the English one does', async () => {
    const en = (await import('../../src/ui/i18n/locales/en/operations')).default;
    const ae = (await import('../../src/ui/i18n/locales/ae/operations')).default as unknown as Record<string, unknown>;
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]));
    const missing = [...new Set(keys(en))].filter((k) => !keys(ae).includes(k));
    expect(missing).toEqual([]);
    // Translated, not English copies (a few words may be the same in both).
    const flat = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? flat(v) : [String(v)]));
    expect(flat(ae).filter((s) => /^[A-Za-z ]+$/.test(s))).toEqual([]);
  });
});

describe('the completion checklist', () => {
  const missing: MissingItem[] = [
    { kind: 'expense', _id: 'e1', label: 'Desert guide', needs: ['pay'], owed: 5_000 },
    { kind: 'voucher', _id: 'v1', label: 'VCH-2031-0001', needs: ['pay', 'send'], owed: 80_000 },
    { kind: 'voucher', _id: 'v2', label: 'Transfers · Gulf Rides', needs: ['pay', 'send', 'confirm'], owed: 12_000 },
  ];

  it('lists the unbooked vendor services first, then vouchers, then expenses', () => {
    expect(checklistOf([...missing, { kind: 'services', _id: 'op', label: 'vendor services', needs: ['book'], owed: 0 }]).map((l) => [l.kind, l.id])).toEqual([
      ['services', 'op'],
      ['voucher', 'v1'],
      ['voucher', 'v2'],
      ['expense', 'e1'],
    ]);
    expect([...refusedIds({ services: ['op'], voucherIds: [], expenseIds: ['e1'] })]).toEqual(['op', 'e1']);
  });

  it('shows no actual profit until a cost exists', () => {
    expect(actualProfitOf({ totalExpense: 0, profit: 730_000 })).toBeNull();
    expect(actualProfitOf({ totalExpense: 1, profit: 729_999 })).toBe(729_999);
    expect(actualProfitOf({ totalExpense: 800_000, profit: -70_000 })).toBe(-70_000);
  });

  it('lists vouchers before expenses, each item’s needs in the order they are done', () => {
    expect(checklistOf(missing)).toEqual([
      { kind: 'voucher', id: 'v1', label: 'VCH-2031-0001', needs: ['send', 'pay'], owed: 80_000 },
      { kind: 'voucher', id: 'v2', label: 'Transfers · Gulf Rides', needs: ['confirm', 'send', 'pay'], owed: 12_000 },
      { kind: 'expense', id: 'e1', label: 'Desert guide', needs: ['pay'], owed: 5_000 },
    ]);
    expect(checklistOf([])).toEqual([]);
  });

  it('reads the ids a refused completion names, and the vendors a refused send names', () => {
    expect([...refusedIds({ missing: ['…'], voucherIds: ['v1', 'v2'], expenseIds: ['e1'] })]).toEqual(['v1', 'v2', 'e1']);
    expect(refusedIds(undefined).size).toBe(0);
    expect(vendorsNamed({ vendors: ['Gulf Rides', 'Sand Tours'] })).toEqual(['Gulf Rides', 'Sand Tours']);
    expect(vendorsNamed({ vendors: [{ _id: 'x', name: 'Gulf Rides' }] })).toEqual(['Gulf Rides']);
    expect(vendorsNamed({})).toEqual([]);
  });
});

describe('how soon a trip leaves', () => {
  it('counts calendar days and says travelling, soon, later or back', () => {
    expect(daysBetween('2031-03-10', '2031-03-17')).toBe(7);
    expect(daysBetween('2031-03-31', '2031-04-01')).toBe(1);
    expect(urgencyOf('2031-03-17', '2031-03-21', '2031-03-10')).toBe('soon');
    expect(urgencyOf('2031-03-18', '2031-03-21', '2031-03-10')).toBe('later');
    expect(urgencyOf('2031-03-10', '2031-03-14', '2031-03-10')).toBe('travelling');
    expect(urgencyOf('2031-03-01', '2031-03-09', '2031-03-10')).toBe('past');
  });
});
