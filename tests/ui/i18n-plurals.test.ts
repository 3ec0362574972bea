import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/ui/i18n/locales/en';
import ae from '../../src/ui/i18n/locales/ae';
import { changeLanguage, i18next, initI18n } from '../../src/ui/i18n';
import { createFormatters } from '../../src/ui/format';
import { PLURAL_CATEGORIES } from '../../src/ui/i18n/types';

/** Every key of a nested resource object, dotted (`list.total_one`). */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** The plural keys English writes (`list.total` for `list.total_one` / `list.total_other`). */
const englishPlurals = [...new Set(keysOf(en).filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, '')))];

describe('plurals (i18next plural forms; Arabic by its own rules)', () => {
  beforeAll(() => initI18n('en'));
  afterAll(() => changeLanguage('en'));

  it('English says one record and 2 records, 1 adult and 2 children', async () => {
    await changeLanguage('en');
    expect(i18next.t('list.total', { count: 1 })).toBe('1 record');
    expect(i18next.t('list.total', { count: 2 })).toBe('2 records');
    const fmt = createFormatters('en');
    expect(fmt.list([i18next.t('leads.queries.paxAdults', { count: 2 }), i18next.t('leads.queries.paxChildren', { count: 1 })])).toBe('2 adults, 1 child');
  });

  it('Arabic (the seed’s `ae`) takes the form CLDR gives `ar` for each count, whatever the runtime’s own locale', async () => {
    await changeLanguage('ae');
    const forms = [0, 1, 2, 3, 10, 11, 99, 100, 102].map((count) => i18next.t('list.total', { count }));
    expect(forms).toEqual(['لا توجد سجلات', 'سجل واحد', 'سجلان', '3 سجلات', '10 سجلات', '11 سجلًا', '99 سجلًا', '100 سجل', '102 سجل']);
    expect(i18next.t('leads.queries.paxChildren', { count: 2 })).toBe('طفلان');
    expect([1, 2, 3, 14].map((count) => i18next.t('tourPlan.nights', { count }))).toEqual(['ليلة واحدة', 'ليلتان', '3 ليالٍ', '14 ليلةً']);
  });

  it('names read as one phrase, each isolated so a Latin name keeps its place in an Arabic line', () => {
    const strip = (s: string) => s.replace(/[\u2068\u2069]/g, '');
    expect(strip(createFormatters('en').names(['Ana', 'Ben', 'Cleo']))).toBe('Ana, Ben, and Cleo');
    const ar = createFormatters('ae').names(['Traveller 1', 'Traveller 2']);
    expect(ar).toBe('\u2068Traveller 1\u2069 و\u2068Traveller 2\u2069');
  });

  it.each(englishPlurals)('Arabic gives %s in all six plural forms', (key) => {
    const arabic = keysOf(ae);
    for (const category of PLURAL_CATEGORIES) expect(arabic, `${key}_${category}`).toContain(`${key}_${category}`);
  });

  it('English gives both of its forms for each plural key (no bare key left behind)', () => {
    const all = keysOf(en);
    for (const key of englishPlurals) {
      expect(all, key).toContain(`${key}_one`);
      expect(all, key).toContain(`${key}_other`);
      expect(all, key).not.toContain(key);
    }
  });
});
