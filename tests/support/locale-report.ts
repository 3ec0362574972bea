/** Prints what the strict locale check finds, per language (`npx tsx tests/support/locale-report.ts [lang…] [--json]`). */
import { LOCALES } from '../../src/api/admin/members/contract';
import en from '../../src/ui/i18n/locales/en';
import { checkLocale, type Tree } from './locale-check';
import { ALLOWED_ENGLISH } from './locale-allow';

// src/ui/i18n's BCP47 (that module needs Vite's import.meta.glob); the test uses the real one.
const BCP47: Record<string, string> = { ae: 'ar', zh: 'zh-CN' };
const args = process.argv.slice(2);
const json = args.includes('--json');
const wanted = args.filter((a) => !a.startsWith('--'));
const out: Record<string, unknown> = {};
for (const l of LOCALES.filter((x) => x !== 'en' && (!wanted.length || wanted.includes(x)))) {
  const mod = (await import(`../../src/ui/i18n/locales/${l}/index.ts`)) as { default: Tree };
  const problems = checkLocale(en as unknown as Tree, mod.default, { bcp47: BCP47[l] ?? l, allowedEnglish: [...ALLOWED_ENGLISH['*'], ...(ALLOWED_ENGLISH[l] ?? [])] });
  out[l] = problems;
  if (!json) {
    const byKind: Record<string, number> = {};
    for (const p of problems) byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
    console.log(l, problems.length, JSON.stringify(byKind));
  }
}
if (json) console.log(JSON.stringify(out, null, 1));
