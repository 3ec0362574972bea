import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderDocument, type DocumentOrganization } from '../../server/documents/render';
import { brochureTemplate, itineraryTemplate, type ItineraryData } from '../../server/documents/templates/tour';
import { pdfPages, pdfText, spacedNumbers } from '../support/pdf';
import { testLogo } from '../support/png';
import { FIXTURE_PRICES, WORDS, brochureFixture, itineraryFixture } from '../support/tour-fixture';

/**
 * The tour documents rendered from plain data (the itinerary's data comes from customized tours,
 * which are not on this branch yet; the brochure's also from the packages, tested through its
 * route in tests/api/documents.test.ts). Text is read back with pdftotext; page images go to
 * test-results/documents/ for people to look at.
 */
const ORG: DocumentOrganization = {
  name: 'Demo Travels',
  currency: 'USD',
  timeZone: 'Asia/Dubai',
  colorPrimary: '#14b8a6',
  colorSecondary: '#3b82f6',
  terms: 'Payments are non-refundable once services are booked.',
  address: 'Office 1204, Bay Square 3\nBusiness Bay, Dubai',
  logo: testLogo(),
};
const ISSUED = '2026-01-31T22:30:00Z';

const itinerary = (lang: 'en' | 'ae' | 'ja' | 'zh', data: ItineraryData = itineraryFixture(lang, 21), org = ORG) => renderDocument(itineraryTemplate, data, org, lang, ISSUED);

describe('the itinerary', () => {
  it('has every day with its hotel and activities, the selling prices, and the organization’s page', async () => {
    const { pdf, fileName } = await itinerary('en');
    const text = pdfText(pdf);
    for (let day = 1; day <= 21; day++) expect(text).toContain(`Day ${day} · March ${day}, 2026`);
    for (const place of WORDS.en.places) {
      expect(text).toContain(place.hotel);
      for (const activity of place.activities) expect(text).toContain(activity);
    }
    expect(text).toContain('Prepared for Amira Haddad');
    expect(text).toContain('March 1, 2026 – March 21, 2026 · 20 nights');
    expect(text).toContain('Total price');
    expect(text).toContain('$20,125.00');
    expect(text).toContain('$10,062.50');
    expect(text).toContain('Breakfast every day');
    expect(text).toContain('Visa fees');
    expect(text).toContain('This quote is valid until February 14, 2026.');
    // The organization's header and footer on every page: name, address, issued in its time zone.
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Demo Travels');
      expect(page).toContain('Office 1204, Bay Square 3 · Business Bay, Dubai');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Issued February 1, 2026 at 2:30 AM');
    }
    expect(execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString()).toMatch(/image\s+96\s+96/);
    expect(fileName).toBe('Itinerary Oman and the Emirates v2.pdf');
    pdfPages(pdf, 'itinerary-en');
  });

  it('shows only selling figures: the amounts given and their sums, nothing else with a currency', async () => {
    const text = pdfText((await itinerary('en')).pdf);
    const shown = new Set([...text.matchAll(/\$[\d,]+\.\d\d/g)].map((m) => Number(m[0].replace(/[$,]/g, '')) * 100));
    expect(shown).toEqual(new Set([...FIXTURE_PRICES.lines, FIXTURE_PRICES.total, FIXTURE_PRICES.perPerson]));
    // A cost or a markup that slipped into the data is refused, whatever the template prints.
    const leaky = { ...itineraryFixture('en'), price: { ...itineraryFixture('en').price, lines: [{ description: 'Hotel', amount: 100, unitCost: 60 }] } };
    await expect(itinerary('en', leaky)).rejects.toThrow(/data\.price\.lines\[0\]\.unitCost/);
  });

  it('dates and times follow the organization: the issue instant in its time zone', async () => {
    const text = pdfText((await itinerary('en', itineraryFixture('en', 2), { ...ORG, timeZone: 'America/New_York' })).pdf);
    expect(text).toContain('Issued January 31, 2026 at 5:30 PM');
    // A calendar date is that day wherever the organization is.
    expect(text).toContain('Day 1 · March 1, 2026');
  });

  it('reads in Arabic right to left with its words in reading order', async () => {
    const { pdf } = await itinerary('ae', itineraryFixture('ae', 6));
    const text = spacedNumbers(pdfText(pdf));
    expect(text).toContain('برنامج الرحلة');
    // pdftotext copies a vowel mark (ُ ّ ٍ) out beside its letter, not on it: the words checked here have none.
    expect(text).toContain('من أجل أميرة حداد');
    expect(text).toContain('الرحلة في لمحة');
    expect(text).toContain('قصر البستان');
    expect(text).toContain('رحلة سفاري في الصحراء مع العشاء');
    expect(text).toContain('صباح حر ثم جولة مع مرشد في البلدة القديمة والأسواق؛');
    expect(text).toContain('ليلة في غرف مزدوجة');
    expect(text).toContain('رحلات مع مرشد ورسوم الدخول');
    expect(text).toContain('يشمل');
    expect(text).toContain('20,125.00');
    pdfPages(pdf, 'itinerary-ae');
  });

  it('renders Japanese and Chinese glyphs', async () => {
    const ja = pdfText((await itinerary('ja', itineraryFixture('ja', 6))).pdf);
    expect(ja).toContain('旅程表');
    expect(ja).toContain('アル・ブスタン・パレス');
    expect(ja).toContain('夕食付きデザートサファリ');
    expect(ja).toContain('1日目');
    expect(ja).toContain('5泊');
    pdfPages((await itinerary('ja', itineraryFixture('ja', 6))).pdf, 'itinerary-ja');
    const zh = await itinerary('zh', itineraryFixture('zh', 6));
    const text = pdfText(zh.pdf);
    expect(text).toContain('每日行程');
    expect(text).toContain('布斯坦宫酒店');
    expect(text).toContain('含晚餐的沙漠冲沙');
    expect(text).toContain('第 1 天');
    pdfPages(zh.pdf, 'itinerary-zh');
  });
});

describe('the brochure', () => {
  it('has the plan without dates and the prices per traveller type', async () => {
    const { pdf } = await renderDocument(brochureTemplate, brochureFixture('en', 4), ORG, 'en', ISSUED);
    const text = pdfText(pdf);
    expect(text).toContain('Classic Arabia in comfort');
    expect(text).toContain('3 nights');
    expect(text).toContain('From $2,450.00 per person');
    expect(text).toMatch(/Adult\s+\$2,450\.00/);
    expect(text).toMatch(/Child\s+\$1,800\.00/);
    expect(text).toMatch(/Infant\s+\$0\.00/);
    expect(text).toContain('Day 4 · Abu Dhabi');
    expect(text).not.toContain('2026 ·');
    pdfPages(pdf, 'brochure-en');
  });
});

describe('the contact block at the end of a tour document (issue 27)', () => {
  /** The page (pdftotext, one per form feed) holding the contact block's heading. */
  const pageWith = (pdf: Buffer, words: string) => pdfText(pdf).split('\f').filter((p) => p.trim()).find((p) => p.includes(words));

  it('never stands alone on the last page of an itinerary: it stays with the price per person', async () => {
    // One more line of inclusions at a time moves the end across a page break, whatever the fonts.
    let alone = 0;
    for (let extra = 0; extra <= 39; extra += 3) {
      const data = itineraryFixture('en', 4);
      data.inclusions = [...data.inclusions, ...Array.from({ length: extra }, (_, i) => `Extra service ${i + 1}`)];
      const { pdf } = await itinerary('en', data);
      const last = pageWith(pdf, 'Your contact');
      expect(last, `contact block with ${extra} more lines`).toBeDefined();
      expect(last).toContain('Sara Malik');
      if (!last!.includes('Price per person')) alone++;
    }
    expect(alone).toBe(0);
  }, 180_000);

  it('never stands alone on the last page of a brochure: it stays with the prices note', async () => {
    let alone = 0;
    for (let extra = 0; extra <= 39; extra += 3) {
      const data = { ...brochureFixture('en', 4), contact: { name: 'Sara Malik', email: 'sara@demo.travel', phone: '+971 4 555 0100' } };
      data.inclusions = [...data.inclusions, ...Array.from({ length: extra }, (_, i) => `Extra service ${i + 1}`)];
      const { pdf } = await renderDocument(brochureTemplate, data, ORG, 'en', ISSUED);
      const last = pageWith(pdf, 'Your contact');
      expect(last, `contact block with ${extra} more lines`).toBeDefined();
      if (!last!.includes('Prices per person in USD')) alone++;
    }
    expect(alone).toBe(0);
  }, 180_000);
});
