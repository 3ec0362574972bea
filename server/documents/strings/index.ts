import type { Locale } from '../../../src/api/admin/members/contract';
import ae from './ae';
import da from './da';
import de from './de';
import el from './el';
import en, { type DocumentStrings, type PluralForms } from './en';
import es from './es';
import fr from './fr';
import hu from './hu';
import it from './it';
import ja from './ja';
import pl from './pl';
import pt from './pt';
import ru from './ru';
import sv from './sv';
import tr from './tr';
import zh from './zh';

export type { DocumentStrings, PluralForms };

/** Document words in every language the product speaks (the seed's 16 codes; `ae` is Arabic). */
export const DOCUMENT_STRINGS: Record<Locale, DocumentStrings> = { en, ae, da, de, el, es, fr, hu, it, ja, pl, pt, ru, sv, tr, zh };

/** `{{name}}` in a document string, replaced by the value given. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
