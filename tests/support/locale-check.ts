/**
 * The strict check of a locale against English (issue 31), used by tests/ui/locales.test.ts and
 * runnable by hand (`npx tsx tests/support/locale-report.ts`). A locale must carry every key English
 * has, with each plural key in exactly the forms its language's plural rules use (CLDR through
 * `Intl.PluralRules`: Arabic six, Polish and Russian four, Japanese and Chinese `_other` alone; `_zero`
 * is always allowed, since i18next looks it up for a count of 0 in any language), no key English
 * lacks, the same `{{placeholders}}` and `$t(...)` nestings, no empty value, and no sentence left in
 * English unless the language's allow-list names it (names, codes, units, brands).
 */

export type Tree = { [key: string]: string | Tree };

export type ProblemKind = 'missing' | 'extra' | 'empty' | 'placeholders' | 'english';
export type LocaleProblem = { kind: ProblemKind; key: string; detail?: string };

export const ALL_PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = new RegExp(`^(.*)_(${ALL_PLURAL_CATEGORIES.join('|')})$`);

/** Every string of a resource tree by its dotted key (`leads.fields.name`). */
export function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [kk, vv] of flatten(v as Tree, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}

/** The plural categories a language's cardinal rules use, in CLDR's order. */
export function pluralCategories(bcp47: string): string[] {
  const used = new Intl.PluralRules(bcp47).resolvedOptions().pluralCategories as string[];
  return ALL_PLURAL_CATEGORIES.filter((c) => used.includes(c));
}

/**
 * The categories a language uses for one whole number only (English `one` is 1 alone; Russian `one`
 * is 1, 21, 31…; French `one` is 0 and 1): only those forms may leave out `{{count}}`. `zero` is
 * always a single number, since i18next takes `_zero` for 0 alone.
 */
export function singleNumberCategories(bcp47: string): Set<string> {
  const rules = new Intl.PluralRules(bcp47);
  const numbers = new Map<string, number>();
  for (let n = 0; n <= 1200; n++) {
    const c = rules.select(n);
    numbers.set(c, (numbers.get(c) ?? 0) + 1);
  }
  const single = new Set([...numbers].filter(([, times]) => times === 1).map(([c]) => c));
  single.add('zero');
  return single;
}

/** The `{{placeholders}}` (by name, format aside) and `$t(...)` nestings of a value, sorted. */
export function placeholdersOf(value: string): string[] {
  const names = [...value.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const nested = [...value.matchAll(/\$t\(\s*([^,)\s]+)[^)]*\)/g)].map((m) => `$t(${m[1]})`);
  return [...names, ...nested].sort();
}

const unique = (a: string[]) => [...new Set(a)].sort();

/** Whether a value has words to translate at all (`—`, `{{count}}`, `%` or `+{{n}}` do not). */
const hasWords = (value: string) => /\p{L}{2,}/u.test(value.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, ''));

export type CheckOptions = {
  /** The language's BCP 47 code, for its plural rules. */
  bcp47: string;
  /** English values this language may keep as they are: names, codes, units, brands. */
  allowedEnglish?: readonly string[];
};

/** What is wrong with `locale` against `english`, key by key (empty when it is whole). */
export function checkLocale(english: Tree, locale: Tree, { bcp47, allowedEnglish = [] }: CheckOptions): LocaleProblem[] {
  const problems: LocaleProblem[] = [];
  const en = flatten(english);
  const ours = flatten(locale);
  const categories = pluralCategories(bcp47);
  const single = singleNumberCategories(bcp47);
  const allowed = new Set(allowedEnglish);

  // English's plural keys: `base` → its forms (`one`, `other`).
  const plurals = new Map<string, Map<string, string>>();
  const plain = new Map<string, unknown>();
  for (const [key, value] of en) {
    const m = PLURAL_SUFFIX.exec(key);
    if (m && (en.has(`${m[1]}_other`) || m[2] === 'other')) {
      const forms = plurals.get(m[1]!) ?? new Map<string, string>();
      forms.set(m[2]!, String(value));
      plurals.set(m[1]!, forms);
    } else plain.set(key, value);
  }

  const expected = new Set<string>();
  const checkValue = (key: string, value: unknown, englishValue: string | undefined, required: string[], permitted: string[]) => {
    if (value === undefined) return problems.push({ kind: 'missing', key });
    if (typeof value !== 'string') return problems.push({ kind: 'missing', key, detail: `not a string: ${typeof value}` });
    if (value.trim() === '') return problems.push({ kind: 'empty', key });
    const found = unique(placeholdersOf(value));
    const missing = required.filter((p) => !found.includes(p));
    const unknown = found.filter((p) => !permitted.includes(p));
    if (missing.length || unknown.length) {
      problems.push({ kind: 'placeholders', key, detail: [missing.length ? `lacks ${missing.join(' ')}` : '', unknown.length ? `adds ${unknown.join(' ')}` : ''].filter(Boolean).join('; ') });
    }
    if (englishValue !== undefined && value === englishValue && hasWords(value) && !allowed.has(value)) problems.push({ kind: 'english', key, detail: value });
  };

  for (const [key, englishValue] of plain) {
    expected.add(key);
    const p = unique(placeholdersOf(String(englishValue)));
    checkValue(key, ours.get(key), String(englishValue), p, p);
  }

  for (const [base, forms] of plurals) {
    const other = forms.get('other') ?? '';
    const otherPlaceholders = unique(placeholdersOf(other));
    const permitted = unique([...forms.values()].flatMap(placeholdersOf));
    for (const category of ALL_PLURAL_CATEGORIES) {
      const key = `${base}_${category}`;
      const needed = categories.includes(category);
      if (!needed && !(category === 'zero' && ours.has(key))) continue;
      expected.add(key);
      if (!needed && ours.get(key) === undefined) continue;
      // A form for one number may leave the count out ("One part"); `_zero` may say "nothing" without the amounts.
      const required = category === 'zero' ? [] : single.has(category) ? otherPlaceholders.filter((p) => p !== '{{count}}') : otherPlaceholders;
      checkValue(key, ours.get(key), forms.get(category), required, permitted);
    }
  }

  for (const key of ours.keys()) if (!expected.has(key)) problems.push({ kind: 'extra', key });
  return problems;
}
