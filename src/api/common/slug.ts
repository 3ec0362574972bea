import * as v from 'valibot';
import { coded } from './issues';
import { storable } from './schemas';

export const SLUG_MAX_LENGTH = 80;

/**
 * The slug of a name: lower case, accents dropped, every run of other characters than letters and
 * digits one `-` ("Côte d'Azur & Monaco" → `cote-dazur-and-monaco`). Letters of any script stay.
 * May be empty (a name of punctuation only); the server then uses the record kind (`hotel`).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/**
 * An explicit slug: normalised like a generated one (`"Old Town"` → `old-town`). Optional: without
 * it the server derives one from the name, suffixed (`-2`, `-3`…) when taken. An explicit slug that
 * is taken is a 409 instead (see docs/decisions.md, Catalogue).
 */
export const slugInput = v.optional(
  v.pipe(
    storable(),
    v.maxLength(200, coded('tooLong', 'must be at most 200 characters', { max: 200 })),
    v.transform(slugify),
    v.nonEmpty(coded('invalidFormat', 'must have at least one letter or digit')),
  ),
);
