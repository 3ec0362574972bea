import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Locale } from '../../src/api/admin/members/contract';

/**
 * The fonts documents are set in, from npm packages that ship TrueType files (nothing is
 * downloaded at run time; @fontsource ships only woff2, which pdfkit draws invisible). Noto Sans
 * covers Latin, Greek and Cyrillic; Noto Sans Arabic, JP and SC the rest of the 16 languages.
 */
export type FontFace = 'latin' | 'arabic' | 'jp' | 'sc';
export type FontName = `${FontFace}${'' | '-bold'}`;

const FILES: Record<FontFace, [pkg: string, regular: string, bold: string]> = {
  latin: ['@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf', '700Bold/NotoSans_700Bold.ttf'],
  arabic: ['@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf', '700Bold/NotoSansArabic_700Bold.ttf'],
  jp: ['@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf', '700Bold/NotoSansJP_700Bold.ttf'],
  sc: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf', '700Bold/NotoSansSC_700Bold.ttf'],
};

const require = createRequire(import.meta.url);
const loaded = new Map<FontName, Buffer>();

/** A font's bytes, read once per process (the CJK ones are 5–10 MB and read only when a document needs them). */
export function fontBytes(name: FontName): Buffer {
  let bytes = loaded.get(name);
  if (!bytes) {
    const [face, weight] = name.split('-') as [FontFace, string | undefined];
    const [pkg, regular, bold] = FILES[face];
    bytes = fs.readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), weight ? bold : regular));
    loaded.set(name, bytes);
  }
  return bytes;
}

/**
 * Which face a character is looked up in first: the document's own script, then the others. Han
 * characters are drawn in Chinese shapes in a Chinese document and in Japanese shapes elsewhere.
 */
export function fallbackChain(lang: Locale): FontFace[] {
  if (lang === 'zh') return ['latin', 'sc', 'jp', 'arabic'];
  if (lang === 'ae') return ['latin', 'arabic', 'jp', 'sc'];
  return ['latin', 'jp', 'sc', 'arabic'];
}
