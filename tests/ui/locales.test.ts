import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/api/admin/members/contract';
import en from '../../src/ui/i18n/locales/en';
import { LANGUAGE_NAMES } from '../../src/ui/i18n';
import { AWAITING_TRANSLATION, COMPLETE_LOCALES, REQUIRED_SECTIONS } from '../../src/ui/i18n/types';

const files = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>('../../src/ui/i18n/locales/*/index.ts', { eager: true });

/**
 * Every key of the required sections that a locale lacks or leaves empty; `complete` (English and
 * Arabic) also counts the keys that await the other languages' translators.
 */
export function missingKeys(locale: Record<string, Record<string, unknown> | undefined>, complete = false): string[] {
  const missing: string[] = [];
  for (const section of REQUIRED_SECTIONS) {
    const awaiting: readonly string[] = (AWAITING_TRANSLATION as Partial<Record<string, readonly string[]>>)[section] ?? [];
    for (const key of Object.keys(en[section])) {
      if (!complete && awaiting.includes(key)) continue;
      const value = locale[section]?.[key];
      if (typeof value !== 'string' || value.trim() === '') missing.push(`${section}.${key}`);
    }
  }
  return missing;
}

describe('locales (seed section 1: 16 languages)', () => {
  it('has a file and a language name for each of the 16 locales', () => {
    expect(LOCALES).toHaveLength(16);
    for (const l of LOCALES) {
      expect(files[`../../src/ui/i18n/locales/${l}/index.ts`], `locale folder ${l}/`).toBeDefined();
      expect(LANGUAGE_NAMES[l]).toBeTruthy();
    }
    expect(Object.values(LANGUAGE_NAMES).sort()).toEqual(
      ['Chinese', 'Danish', 'English', 'French', 'German', 'Greek', 'Hungarian', 'Italian', 'Japanese', 'Polish', 'Portuguese', 'Russian', 'Spanish', 'Swedish', 'Turkish', 'Arabic'].sort(),
    );
  });

  it.each(LOCALES)('%s carries every menu, shell and status key', (l) => {
    const mod = files[`../../src/ui/i18n/locales/${l}/index.ts`]!;
    expect(missingKeys(mod.default, (COMPLETE_LOCALES as readonly string[]).includes(l))).toEqual([]);
  });

  it('lists as awaiting translation only keys English has, and Arabic carries them', () => {
    for (const [section, keys] of Object.entries(AWAITING_TRANSLATION)) {
      for (const key of keys as readonly string[]) expect(Object.keys(en[section as keyof typeof en]), `${section}.${key}`).toContain(key);
    }
    const broken = structuredClone(files['../../src/ui/i18n/locales/ae/index.ts']!.default);
    delete (broken.errorCodes as Record<string, unknown>).DATABASE_UNAVAILABLE;
    expect(missingKeys(broken, true)).toEqual(['errorCodes.DATABASE_UNAVAILABLE']);
    expect(missingKeys(broken)).toEqual([]);
  });

  it('the check catches a missing key', () => {
    const broken = structuredClone(files['../../src/ui/i18n/locales/fr/index.ts']!.default);
    delete (broken.menu as Record<string, unknown>).vendors;
    (broken.status as Record<string, unknown>).paid = '';
    expect(missingKeys(broken)).toEqual(['menu.vendors', 'status.paid']);
  });

  it('other languages are translated, not English copies', () => {
    for (const l of LOCALES.filter((x) => x !== 'en')) {
      const menu = files[`../../src/ui/i18n/locales/${l}/index.ts`]!.default.menu as Record<string, string>;
      const same = Object.keys(en.menu).filter((k) => menu[k] === en.menu[k as keyof typeof en.menu]);
      // A few words are the same in many languages (Hotels, Modules, Leads); most must differ.
      expect(same.length, `${l}: ${same.join(', ')}`).toBeLessThan(8);
    }
  });
});
