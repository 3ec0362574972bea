import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { LanguagePicker } from '../../src/ui/language-picker';
import { initI18n } from '../../src/ui/i18n';

/**
 * The language picker (issue 27): each language in its own script, so a reader of Japanese finds
 * 日本語 without reading English, with the seed's English name kept beside it.
 */
beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('the language picker', () => {
  it('names each language in its own script, with the seed’s English name', () => {
    render(<LanguagePicker />);
    const options = within(screen.getByTestId('language-picker')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'],
      ['ae', 'العربية (Arabic)'],
      ['da', 'Dansk (Danish)'],
      ['de', 'Deutsch (German)'],
      ['el', 'Ελληνικά (Greek)'],
      ['es', 'Español (Spanish)'],
      ['fr', 'Français (French)'],
      ['hu', 'Magyar (Hungarian)'],
      ['it', 'Italiano (Italian)'],
      ['ja', '日本語 (Japanese)'],
      ['pl', 'Polski (Polish)'],
      ['pt', 'Português (Portuguese)'],
      ['ru', 'Русский (Russian)'],
      ['sv', 'Svenska (Swedish)'],
      ['tr', 'Türkçe (Turkish)'],
      ['zh', '中文 (Chinese)'],
    ]);
    // Each name is marked with its language, so it is read and drawn as that language.
    expect(options.find((o) => o.value === 'ja')!.lang).toBe('ja');
    expect(options.find((o) => o.value === 'ae')!.lang).toBe('ar');
    expect(options.find((o) => o.value === 'ae')!.dir).toBe('auto');
  });
});
