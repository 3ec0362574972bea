import { createRequire } from 'node:module';
import type { Locale } from '../../src/api/admin/members/contract';
import { formatMoney } from '../../src/domain/money';
import { DOCUMENT_STRINGS, fill, type DocumentStrings, type PluralForms } from './strings';
import { TextEngine, type Align, type TextStyle } from './text';

/**
 * One renderer for every document: a document is data plus a template. The renderer gives each
 * template the organization's page (header with its name in its colours on every page; footer
 * with its terms and "page n of m"), the chosen language's words, its money and dates formatted
 * in the organization's currency and time zone, and a few layout pieces (title, fields, table,
 * amount box, paragraphs, lists) that lay themselves out left to right or right to left.
 * docs/documents.md shows how to add a template.
 */

/**
 * pdfkit (and fontkit under it) takes about a second to load, a third of the server's start: it
 * is loaded by the first document rendered, not when the server starts (docs/performance.md).
 */
let pdfkit: typeof import('pdfkit') | undefined;
const PDFDocument = () => (pdfkit ??= createRequire(import.meta.url)('pdfkit') as typeof import('pdfkit'));

/** What the page shows of the organization. */
export interface DocumentOrganization {
  name: string;
  currency: string;
  timeZone: string;
  colorPrimary: string;
  colorSecondary: string;
  terms: string | null;
  /** Postal address, several lines; printed under the name. */
  address?: string | null;
  /** PNG or JPEG bytes, checked when it was uploaded ({@link checkLogo}). */
  logo?: Buffer | null;
}

/**
 * A template. `audience: 'customer'` is a document the customer receives: its data may never carry
 * a cost, a markup or a margin (checked on every render, whatever the template's code does).
 */
export interface DocumentTemplate<D> {
  kind: string;
  audience: 'customer' | 'internal';
  /** The PDF's title and the file's name, in the document's language. */
  title(data: D, s: DocumentStrings): string;
  fileName(data: D, s: DocumentStrings): string;
  render(w: DocumentWriter, data: D): void;
}

export interface RenderedDocument {
  pdf: Buffer;
  fileName: string;
  title: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const HEADER_HEIGHT = 72;
const FOOTER_HEIGHT = 56;
const CONTENT_TOP = HEADER_HEIGHT + 28;
const CONTENT_BOTTOM = PAGE.height - FOOTER_HEIGHT - 12;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';

/** Keys a customer document's data may never have, at any depth. */
const INTERNAL_MONEY = /^(cost|costs|unitCost|totalCost|markup|markupPercent|markupBps|margin|marginBps|profit)$/i;

export function assertCustomerSafe(data: unknown, path = 'data'): void {
  if (Array.isArray(data)) data.forEach((item, i) => assertCustomerSafe(item, `${path}[${i}]`));
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (INTERNAL_MONEY.test(key)) throw new Error(`A customer document cannot show ${path}.${key}`);
      assertCustomerSafe(value, `${path}.${key}`);
    }
  }
}

/** Dark or white text, whichever contrasts more with a background colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (1.05) / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111827';
}

const BCP47: Record<Locale, string> = {
  en: 'en', ae: 'ar', da: 'da', de: 'de', el: 'el', es: 'es', fr: 'fr', hu: 'hu',
  it: 'it', ja: 'ja', pl: 'pl', pt: 'pt', ru: 'ru', sv: 'sv', tr: 'tr', zh: 'zh-CN',
};

/** Money and dates as the document's reader reads them, in the organization's currency and time zone. */
export function documentFormatters(lang: Locale, org: Pick<DocumentOrganization, 'currency' | 'timeZone'>) {
  const tag = BCP47[lang];
  return {
    money: (minor: number, currency = org.currency) => formatMoney(minor, currency, tag),
    /** A calendar date `YYYY-MM-DD`, shown as that day whatever the time zone. */
    date: (ymd: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd.slice(0, 10)}T00:00:00Z`)),
    /** An instant, in the organization's time zone. */
    dateTime: (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: org.timeZone }).format(new Date(iso)),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
  };
}
export type DocumentFormatters = ReturnType<typeof documentFormatters>;

export interface TableColumn {
  header: string;
  /** Share of the width (the shares of a table's columns are scaled to fill it). */
  width: number;
  align?: Align;
}

/** The layout pieces a template writes with; each flows down the page and breaks to the next one when full. */
export class DocumentWriter {
  /** The document's words in its language. */
  readonly s: DocumentStrings;
  readonly format: DocumentFormatters;
  readonly rtl: boolean;
  private y = CONTENT_TOP;
  private readonly left = MARGIN;
  private readonly width = PAGE.width - 2 * MARGIN;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly text: TextEngine,
    readonly lang: Locale,
    readonly organization: DocumentOrganization,
  ) {
    this.s = DOCUMENT_STRINGS[lang];
    this.format = documentFormatters(lang, organization);
    this.rtl = text.rtl;
  }

  /** A document string with its `{{values}}` filled in. */
  t(template: string, params?: Record<string, string | number>) {
    return fill(template, params);
  }

  /** The form of a word for a number (`7 nights`), as the language's plural rules choose it; `{{count}}` is the number. */
  plural(forms: PluralForms, count: number) {
    const form = forms[new Intl.PluralRules(BCP47[this.lang]).select(count) as keyof PluralForms] ?? forms.other;
    return fill(form, { count: this.format.number(count) });
  }

  /** Moves to a new page unless `height` more points fit on this one. */
  ensure(height: number) {
    if (this.y + height > CONTENT_BOTTOM) {
      this.doc.addPage();
      this.y = CONTENT_TOP;
    }
  }

  space(points = 12) {
    this.y += points;
  }

  /** A box's left edge, mirrored in a right-to-left document (`x` is measured from the start side). */
  private boxX(x: number, width: number) {
    return this.rtl ? this.left + this.width - x - width : this.left + x;
  }

  /** Lines of text in a box of the content area, starting at `y`; answers the height used. */
  private lines(text: string, x: number, width: number, y: number, style: TextStyle, align: Align = 'start', lineHeight = 1.45): number {
    const lines = this.text.wrap(text, style, width);
    const step = style.size * lineHeight;
    lines.forEach((line, i) => this.text.drawLine(line, this.boxX(x, width), y + style.size + i * step, width, style, align));
    return lines.length * step;
  }

  private measure(text: string, width: number, style: TextStyle, lineHeight = 1.45) {
    return this.text.wrap(text, style, width).length * style.size * lineHeight;
  }

  /** The document's name (and a subtitle such as its number) in the organization's colour. */
  title(title: string, subtitle?: string) {
    this.ensure(60);
    this.y += this.lines(title, 0, this.width, this.y, { size: 24, bold: true, color: this.organization.colorPrimary }, 'start', 1.3);
    if (subtitle) this.y += this.lines(subtitle, 0, this.width, this.y, { size: 12, color: MUTED });
    this.y += 14;
  }

  /** Starts a new page (a section that should open on its own page). */
  newPage() {
    if (this.y > CONTENT_TOP) this.ensure(Infinity);
  }

  /**
   * The opening of a document: what it is (`Itinerary`), its title large on the organization's
   * colour, a line under it (for whom, how long) and a few facts (when, where), at the top of the
   * first page.
   */
  cover(kicker: string | null, title: string, subtitle: string | null, facts: string[]) {
    const pad = 22;
    const inner = this.width - 2 * pad;
    const ink = textOn(this.organization.colorPrimary);
    const kickerStyle: TextStyle = { size: 11, bold: true, color: ink };
    const titleStyle: TextStyle = { size: 28, bold: true, color: ink };
    const subStyle: TextStyle = { size: 13, color: ink };
    const factStyle: TextStyle = { size: 10.5, color: ink };
    const titleLines = this.text.wrap(title, titleStyle, inner);
    const subLines = subtitle ? this.text.wrap(subtitle, subStyle, inner) : [];
    const factLines = facts.flatMap((f) => this.text.wrap(f, factStyle, inner));
    const height = pad * 2 + (kicker ? 11 * 1.4 + 4 : 0) + titleLines.length * 28 * 1.25 + (subLines.length ? 8 + subLines.length * 13 * 1.4 : 0) + (factLines.length ? 14 + factLines.length * 10.5 * 1.5 : 0);
    this.ensure(height + 24);
    this.doc.roundedRect(this.left, this.y, this.width, height, 10).fill(this.organization.colorPrimary);
    this.doc.rect(this.left, this.y + height - 6, this.width, 6).fill(this.organization.colorSecondary);
    let y = this.y + pad;
    if (kicker) y += 4 + this.lines(kicker, pad, inner, y, kickerStyle, 'start', 1.4);
    y += this.lines(title, pad, inner, y, titleStyle, 'start', 1.25);
    if (subLines.length) y += 8 + this.lines(subtitle!, pad, inner, y + 8, subStyle, 'start', 1.4);
    if (factLines.length) {
      y += 14;
      for (const fact of facts) y += this.lines(fact, pad, inner, y, factStyle, 'start', 1.5);
    }
    this.y += height + 24;
  }

  /** A section's heading, ruled in the secondary colour; `keepWith` more points (a few lines, a table's first row) stay on its page when they fit. */
  heading(text: string, keepWith = 48) {
    this.ensure(Math.min(48 + keepWith, CONTENT_BOTTOM - CONTENT_TOP));
    this.y += 6;
    this.y += this.lines(text, 0, this.width, this.y, { size: 14, bold: true, color: INK }, 'start', 1.35);
    this.doc.moveTo(this.left, this.y + 2).lineTo(this.left + this.width, this.y + 2).lineWidth(0.6).strokeColor(this.organization.colorSecondary).stroke();
    this.y += 10;
  }

  /** A heading inside a section (a day of a tour), in the organization's colour; `keepWith` more points stay on its page when they fit. */
  subheading(text: string, keepWith = 0) {
    this.ensure(Math.min(30 + keepWith, CONTENT_BOTTOM - CONTENT_TOP));
    this.y += 4;
    this.y += this.lines(text, 0, this.width, this.y, { size: 12, bold: true, color: this.organization.colorPrimary }, 'start', 1.35);
    this.y += 4;
  }

  /** The height {@link paragraph} will take. */
  paragraphHeight(text: string, size = 10.5) {
    return this.measure(text, this.width, { size }) + 6;
  }

  paragraph(text: string, style: Partial<TextStyle> & { muted?: boolean } = {}) {
    const s: TextStyle = { size: style.size ?? 10.5, bold: style.bold, color: style.muted ? MUTED : (style.color ?? INK) };
    for (const line of this.text.wrap(text, s, this.width)) {
      this.ensure(s.size * 1.45);
      this.y += this.lines(line, 0, this.width, this.y, s);
    }
    this.y += 6;
  }

  private fieldHeights(pairs: [label: string, value: string][]) {
    const labelWidth = this.width * 0.34;
    const valueWidth = this.width - labelWidth - 12;
    return pairs.map(([label, value]) => Math.max(this.measure(label, labelWidth, { size: 10.5 }), this.measure(value, valueWidth, { size: 10.5 })) + 8);
  }

  /** The height {@link fields} will take. */
  fieldsHeight(pairs: [label: string, value: string][]) {
    return this.fieldHeights(pairs).reduce((a, b) => a + b, 0) + 12;
  }

  /** Labels and their values, two columns; kept on one page when they fit on half of one. */
  fields(pairs: [label: string, value: string][]) {
    const labelWidth = this.width * 0.34;
    const valueWidth = this.width - labelWidth - 12;
    const heights = this.fieldHeights(pairs);
    const total = heights.reduce((a, b) => a + b, 0);
    if (total < (CONTENT_BOTTOM - CONTENT_TOP) / 2) this.ensure(total);
    for (const [i, [label, value]] of pairs.entries()) {
      const style = { size: 10.5 };
      const height = heights[i];
      this.ensure(height);
      this.lines(label, 0, labelWidth, this.y + 4, { ...style, color: MUTED });
      this.lines(value, labelWidth + 12, valueWidth, this.y + 4, { ...style, color: INK });
      this.y += height;
      this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    }
    this.y += 12;
  }

  /** A table whose header row is repeated on every page it runs onto. Cells wrap. */
  table(columns: TableColumn[], rows: string[][], totals: [label: string, value: string][] = []) {
    const share = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / share) * this.width);
    const xs = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
    const pad = 6;
    const drawRow = (cells: string[], style: TextStyle, fill?: string) => {
      const height = Math.max(...cells.map((cell, i) => this.measure(cell, widths[i] - 2 * pad, style))) + 2 * pad;
      if (fill) this.doc.rect(this.left, this.y, this.width, height).fill(fill);
      cells.forEach((cell, i) => this.lines(cell, xs[i] + pad, widths[i] - 2 * pad, this.y + pad, style, columns[i].align ?? 'start'));
      this.y += height;
      return height;
    };
    const header = () => drawRow(columns.map((c) => c.header), { size: 9.5, bold: true, color: textOn(this.organization.colorPrimary) }, this.organization.colorPrimary);
    this.ensure(60);
    header();
    for (const row of rows) {
      const height = Math.max(...row.map((cell, i) => this.measure(cell, widths[i] - 2 * pad, { size: 10 }))) + 2 * pad;
      if (this.y + height > CONTENT_BOTTOM) {
        this.ensure(Infinity);
        header();
      }
      drawRow(row, { size: 10, color: INK });
      this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    }
    const last = columns.length - 1;
    for (const [label, value] of totals) {
      this.ensure(24);
      this.lines(label, 0, this.width - widths[last] - pad, this.y + pad, { size: 10.5, bold: true, color: INK }, 'end');
      this.lines(value, xs[last] + pad, widths[last] - 2 * pad, this.y + pad, { size: 10.5, bold: true, color: INK }, columns[last].align ?? 'end');
      this.y += 24;
    }
    this.y += 12;
  }

  /** The amount that matters, large, in a tinted box. */
  amountBox(label: string, amount: string) {
    this.ensure(70);
    this.doc.roundedRect(this.left, this.y, this.width, 58, 6).fillOpacity(0.1).fill(this.organization.colorPrimary).fillOpacity(1);
    this.lines(label, 16, this.width / 2 - 16, this.y + 20, { size: 11, color: MUTED });
    this.lines(amount, this.width / 2, this.width / 2 - 16, this.y + 14, { size: 20, bold: true, color: INK }, 'end', 1.2);
    this.y += 72;
  }

  list(items: string[]) {
    for (const item of items) {
      const style = { size: 10.5, color: INK };
      const height = this.measure(item, this.width - 16, style);
      this.ensure(height);
      this.lines('•', 0, 10, this.y, style);
      this.y += this.lines(item, 16, this.width - 16, this.y, style);
    }
    this.y += 6;
  }

  /**
   * Header and footer of every page, drawn once all pages exist (the footer says how many): the
   * logo on a white tile, the name and the address on the organization's colour; the terms, when
   * it was issued (in the organization's time zone) and the page number.
   */
  finishPages(issuedAt: string) {
    const { doc, organization: org, s } = this;
    const range = doc.bufferedPageRange();
    const onBand = textOn(org.colorPrimary);
    const tile = 52;
    const textStart = org.logo ? tile + 14 : 0;
    const textWidth = this.width - textStart;
    const address = org.address ? this.text.wrap(org.address.split('\n').map((l) => l.trim()).filter(Boolean).join(' · '), { size: 8 }, textWidth).slice(0, 2) : [];
    const issued = fill(s.issued, { date: this.format.dateTime(issuedAt) });
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      doc.rect(0, 0, PAGE.width, HEADER_HEIGHT).fill(org.colorPrimary);
      doc.rect(0, HEADER_HEIGHT, PAGE.width, 3).fill(org.colorSecondary);
      if (org.logo) {
        const x = this.boxX(0, tile);
        const y = (HEADER_HEIGHT - tile) / 2;
        doc.roundedRect(x, y, tile, tile, 6).fill('#ffffff');
        doc.image(org.logo, x + 4, y + 4, { fit: [tile - 8, tile - 8], align: 'center', valign: 'center' });
      }
      const nameBaseline = address.length ? HEADER_HEIGHT / 2 - 2 - (address.length - 1) * 5 : HEADER_HEIGHT / 2 + 6;
      this.text.drawLine(org.name, this.boxX(textStart, textWidth), nameBaseline, textWidth, { size: 16, bold: true, color: onBand });
      address.forEach((line, k) => this.text.drawLine(line, this.boxX(textStart, textWidth), nameBaseline + 15 + k * 10, textWidth, { size: 8, color: onBand }));
      const footerTop = PAGE.height - FOOTER_HEIGHT;
      doc.moveTo(MARGIN, footerTop).lineTo(PAGE.width - MARGIN, footerTop).lineWidth(0.5).strokeColor(RULE).stroke();
      const pageLabel = fill(s.page, { page: this.format.number(i + 1), pages: this.format.number(range.count) });
      const endWidth = Math.max(this.text.width(pageLabel, { size: 8 }), this.text.width(issued, { size: 7 })) + 4;
      this.text.drawLine(pageLabel, this.boxX(this.width - endWidth, endWidth), footerTop + 14, endWidth, { size: 8, color: MUTED }, 'end');
      this.text.drawLine(issued, this.boxX(this.width - endWidth, endWidth), footerTop + 25, endWidth, { size: 7, color: MUTED }, 'end');
      if (org.terms) {
        const termsWidth = this.width - endWidth - 16;
        const lines = this.text.wrap(`${s.terms}: ${org.terms}`, { size: 7 }, termsWidth).slice(0, 4);
        lines.forEach((line, k) => this.text.drawLine(line, this.boxX(0, termsWidth), footerTop + 14 + k * 9, termsWidth, { size: 7, color: MUTED }));
      }
    }
  }
}

/**
 * Renders a template with its data for an organization, in a language: the PDF's bytes, its title
 * and file name. `issuedAt` (an instant; now unless given) is printed in the footer.
 */
export async function renderDocument<D>(
  template: DocumentTemplate<D>,
  data: D,
  organization: DocumentOrganization,
  lang: Locale,
  issuedAt = new Date().toISOString(),
): Promise<RenderedDocument> {
  if (template.audience === 'customer') assertCustomerSafe(data);
  const s = DOCUMENT_STRINGS[lang];
  const title = template.title(data, s);
  const doc = new (PDFDocument())({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: BCP47[lang],
    displayTitle: true,
    info: { Title: title, Author: organization.name, Creator: organization.name, Producer: 'Travel back office' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const text = new TextEngine(doc as never, lang);
  const writer = new DocumentWriter(doc, text, lang, organization);
  template.render(writer, data);
  writer.finishPages(issuedAt);
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), title, fileName: template.fileName(data, s) };
}

/**
 * Whether an uploaded logo can be printed: a PNG or JPEG that pdfkit reads and embeds, at most
 * `maxPixels` on each side. Answers the refusal, or null when it is fine.
 */
export async function logoProblem(bytes: Buffer, maxPixels: number): Promise<{ code: 'imageTooLarge' | 'unreadableImage'; message: string } | null> {
  const doc = new (PDFDocument())({ size: [100, 100], margin: 0 });
  doc.on('data', () => {});
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  try {
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);
    if (image.width > maxPixels || image.height > maxPixels) return { code: 'imageTooLarge', message: `must be at most ${maxPixels} pixels wide and high` };
    doc.image(bytes, 0, 0, { fit: [100, 100] });
    doc.end();
    await ended;
    return null;
  } catch {
    return { code: 'unreadableImage', message: 'is not an image that can be printed' };
  }
}
