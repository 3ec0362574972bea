import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '../../src/api/admin/members/contract';
import type { PersonalizedTourDetail } from '../../src/api/tours/personalized/contract';
import { PersonalizedBrochure } from '../../src/features/tours/personalized/personalized-brochure';
import { LanguagePicker } from '../../src/ui/language-picker';
import { initI18n, languageLabel } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });

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

describe('the document-language dropdowns (itinerary, brochure, booking documents)', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [], meta: { currentPage: 1, limit: 20, totalItems: 0, totalPages: 0 } }), { status: 200, headers: { 'Content-Type': 'application/json' } })))));
  afterEach(() => vi.unstubAllGlobals());

  it('names each language as the language picker does, each marked with its language', async () => {
    const user = userEvent.setup();
    const tour = { _id: '00000000-0000-4000-8000-000000000001', title: 'Dubai in spring' } as PersonalizedTourDetail;
    // Signed in: the brochure's sends are dated in the organization's time zone.
    renderSignedIn(signedInAs('Owner', 'owner@demo.travel', 'Owner'), <PersonalizedBrochure tour={tour} />);
    const field = screen.getByLabelText('Language');
    expect(field.closest('.p-dropdown')!.textContent).toContain('English');
    await user.click(field.closest('.p-dropdown')!);
    const panel = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.p-dropdown-panel');
      expect(found).not.toBeNull();
      return found!;
    });
    // jsdom draws no layout: the panel stays `display: none`, its options are read as elements.
    const items = await waitFor(() => {
      const found = [...panel.querySelectorAll<HTMLElement>('[role="option"]')];
      expect(found.length).toBeGreaterThan(1);
      return found;
    });
    expect(items.map((o) => o.textContent)).toEqual(LOCALES.map(languageLabel));
    expect(items.map((o) => o.textContent)).toContain('日本語 (Japanese)');
    expect(items.find((o) => o.textContent === 'العربية (Arabic)')!.querySelector('[lang]')!.getAttribute('lang')).toBe('ar');
    // Found by the name in its own script.
    await user.type(panel.querySelector<HTMLInputElement>('.p-dropdown-filter')!, 'Deutsch');
    await waitFor(() => expect([...panel.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(['Deutsch (German)']));
  });
});
