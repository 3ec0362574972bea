import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { LOCALES } from '../../src/api/admin/members/contract';
import { renderDocument, type DocumentTemplate } from '../../server/documents/render';
import { DOCUMENT_STRINGS } from '../../server/documents/strings';
import { receiptTemplate } from '../../server/documents/templates/receipt';
import type { Agent } from '../support/agent';
import { pdfPages, pdfText, spacedNumbers } from '../support/pdf';
import { makePng, testLogo } from '../support/png';
import { closedPort, mailTo, noMail, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/wait';
import { usd } from '../support/reads';

/**
 * Documents and email against the real server, database and queue (pg-boss workers running, quick
 * retries), with a real SMTP server in this process as the organization's mail server. PDFs are
 * read back with poppler's pdftotext; page images go to test-results/documents/.
 */
let s: TestServer;
let owner: Agent;
let sink: SmtpSink;
let receiptId: string;
let receiptNumber: string;
let arabicId: string;

const ARABIC_DESCRIPTION = 'عمولة فندق البحر عن شهر 11 سنة 2026';

async function income(agent: Agent, description: string, amount = 123_450) {
  const res = await agent.post('/api/budget/income', { amount, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'bank-transfer', description });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; number: string };
}

async function pdf(agent: Agent, id: string, lang: string) {
  const res = await fetch(`${s.url}/api/budget/income/${id}/pdf?lang=${lang}`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

function sendForm(fields: Record<string, string | string[]>, files: { name: string; type: string; bytes: Uint8Array }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
  for (const f of files) form.append('attachments', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}


const counts = async () => {
  const [row] = await s.sql<{ sends: number; jobs: number }>(`select (select count(*)::int from document_sends) as sends, (select count(*)::int from pgboss.job where name = 'document-send') as jobs`);
  return row;
};

beforeAll(async () => {
  s = await startTestServer({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  owner = await s.login('owner@demo.travel');
  sink = await startSmtpSink({ refuse: (a) => (a.startsWith('nobody@') ? '550 5.1.1 nobody: mailbox unavailable' : undefined) });
  ({ _id: receiptId, number: receiptNumber } = await income(owner, 'Commission from the Sea Hotel, November'));
  arabicId = (await income(owner, ARABIC_DESCRIPTION, 98_765))._id;
});
afterAll(async () => {
  await sink?.close();
  await s?.close();
});

const useSink = (port = sink.port) => mailTo(owner, port);
const noSmtp = () => noMail(owner);

describe('the receipt PDF', () => {
  it('has the number, the amount in the organization currency and the organization name (English)', async () => {
    const file = await pdf(owner, receiptId, 'en');
    const text = pdfText(file);
    expect(text).toContain(receiptNumber);
    expect(text).toContain('$1,234.50');
    expect(text).toContain('Demo Travels');
    expect(text).toContain('Commission from the Sea Hotel, November');
    expect(text).toContain('Page 1 of 1');
    expect(pdfPages(file, 'receipt-en').length).toBe(1);
  });

  it('reads in Arabic with its words in reading order, numbers left to right inside', async () => {
    const file = await pdf(owner, arabicId, 'ae');
    const text = pdfText(file);
    expect(text).toContain('إيصال');
    expect(text).toContain('استلمنا المبلغ مع الشكر');
    expect(text).toContain('المبلغ المستلم');
    expect(spacedNumbers(text)).toContain(ARABIC_DESCRIPTION);
    expect(text).toContain('987.65');
    pdfPages(file, 'receipt-ae');
  });

  it('renders Japanese glyphs', async () => {
    const file = await pdf(owner, receiptId, 'ja');
    const text = pdfText(file);
    expect(text).toContain('領収書');
    expect(text).toContain('上記の金額を正に領収いたしました。');
    expect(text).toContain('銀行振込');
    pdfPages(file, 'receipt-ja');
  });

  it('answers 400 naming lang for an unknown language, 404 for another id, 403 without the permission', async () => {
    const res = await owner.get(`/api/budget/income/${receiptId}/pdf?lang=xx`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: 'lang', code: 'oneOf' });
    expect((await owner.get(`/api/budget/income/${crypto.randomUUID()}/pdf`)).status).toBe(404);
    const globe = await s.login('owner@globe.travel');
    expect((await globe.get(`/api/budget/income/${receiptId}/pdf`)).status).toBe(404);
    const sales = await s.login('sales@demo.travel');
    expect((await sales.get(`/api/budget/income/${receiptId}/pdf`)).status).toBe(403);
  });

});

describe('sending without a mail server', () => {
  it('keeps the message in the outbox, with the PDF, readable as .eml', async () => {
    await noSmtp();
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, sendForm({ to: 'Customer@Example.com', cc: 'boss@example.com', lang: 'en' }));
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'outbox', to: ['customer@example.com'], cc: ['boss@example.com'], recordLabel: receiptNumber, document: 'receipt', language: 'en' });
    expect(res.body.data.subject).toBe(`Receipt ${receiptNumber} from Demo Travels`);
    expect(res.body.data.attachments).toMatchObject([{ fileName: `${receiptNumber}.pdf`, contentType: 'application/pdf' }]);

    const outbox = await owner.get('/api/outbox?status=outbox');
    expect(outbox.body.data.map((m: { _id: string }) => m._id)).toContain(res.body.data._id);
    const eml = await fetch(`${s.url}/api/outbox/${res.body.data._id}/eml`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(eml.headers.get('content-type')).toBe('message/rfc822');
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.subject).toBe(`Receipt ${receiptNumber} from Demo Travels`);
    expect(parsed.text).toContain(receiptNumber);
    expect(pdfText(parsed.attachments[0].content)).toContain(receiptNumber);

    const sends = await owner.get(`/api/budget/income/${receiptId}/sends`);
    expect(sends.body.data[0]).toMatchObject({ _id: res.body.data._id, sentBy: { name: expect.any(String) } });
    expect(sink.messages.length).toBe(0);
    const sales = await s.login('sales@demo.travel');
    expect((await sales.get('/api/outbox')).status).toBe(403);
  });
});

describe('sending through the mail server', () => {
  it('tests the settings and reports the server answer', async () => {
    await noSmtp();
    const unset = await owner.post('/api/configurations/email-services/test', { to: 'me@demo.travel' });
    expect(unset).toMatchObject({ status: 409, body: { code: 'MAIL_SERVER_NOT_SET' } });
    await useSink();
    const ok = await owner.post('/api/configurations/email-services/test', { to: 'me@demo.travel' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.delivered).toBe(true);
    expect(ok.body.data.response).toMatch(/^250/);
    const refused = await owner.post('/api/configurations/email-services/test', { to: 'nobody@demo.travel' });
    expect(refused.body.data).toMatchObject({ delivered: false, response: expect.stringContaining('550') });
    expect(JSON.stringify((await owner.get('/api/configurations')).body)).not.toContain('"password":');
  });

  it('emails the receipt from the queue: the attachment is the PDF with the number, sent once', async () => {
    await useSink();
    const before = sink.messages.length;
    const res = await owner.form(
      `/api/budget/income/${arabicId}/send`,
      sendForm({ to: ['customer@example.com', 'second@example.com'], subject: 'Your receipt', message: 'Thank you!', lang: 'ae' }, [
        { name: 'note.txt', type: 'text/plain', bytes: new TextEncoder().encode('A note for the customer') },
      ]),
    );
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe('queued');
    const sent = await until(
      async () => (await owner.get(`/api/budget/income/${arabicId}/sends`)).body.data[0],
      (d) => d.status !== 'queued',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, serverResponse: expect.stringMatching(/^250/) });
    expect(sink.messages.length).toBe(before + 1);
    const mail = sink.messages.at(-1)!;
    expect(mail.subject).toBe('Your receipt');
    expect(mail.messageId).toBe(`<${sent._id}@demo.travel>`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^RCT-\d{4}-\d{4}\.pdf$/), 'note.txt']);
    expect(spacedNumbers(pdfText(mail.attachments[0].content))).toContain(ARABIC_DESCRIPTION);
  });

  it('retries a refusal with back-off, then shows failed with the server reason', async () => {
    await useSink();
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, sendForm({ to: 'nobody@example.com' }));
    expect(res.status).toBe(202);
    const failed = await until(async () => (await owner.get(`/api/outbox/${res.body.data._id}`)).body.data, (d) => d.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'The mail server refused the message (550 5.1.1)' });
    expect(failed.failedAt).toEqual(expect.any(String));
    const [job] = await s.sql<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = 'document-send' and data->>'sendId' = $1`, [res.body.data._id]);
    expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
  });

  it('retries a mail server that is down, then shows failed with the connection error', async () => {
    await useSink(await closedPort());
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, sendForm({ to: 'customer@example.com' }));
    expect(res.status).toBe(202);
    const failed = await until(async () => (await owner.get(`/api/outbox/${res.body.data._id}`)).body.data, (d) => d.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'The mail server could not be used: it was not reached or did not answer as a mail server' });
  });
});

describe('attachment names', () => {
  it('keep no right-to-left override or control character, as stored and as shown (issue 26)', async () => {
    await noSmtp();
    // Shown as "invoiceexe.pdf" by the override: really a name ending in .exe.
    const spoofed = 'invoice\u202Efdp.exe';
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, sendForm({ to: 'customer@example.com' }, [{ name: spoofed, type: 'text/plain', bytes: new TextEncoder().encode('hello') }]));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [stored] = await s.sql<{ id: string; file_name: string }>(`select id, file_name from document_send_attachments where send_id = $1 and position = 1`, [res.body.data._id]);
    expect(stored.file_name).toBe('invoicefdp.exe');
    expect(res.body.data.attachments.map((a: { fileName: string }) => a.fileName)).toContain('invoicefdp.exe');

    // A name stored before names were cleaned is cleaned where it is shown: the outbox, the download.
    await s.sql(`update document_send_attachments set file_name = $2 where id = $1`, [stored.id, 'old\u202Efdp.exe\u0007\u2066']);
    const shown = (await owner.get(`/api/outbox/${res.body.data._id}`)).body.data.attachments.find((a: { _id: string }) => a._id === stored.id);
    expect(shown.fileName).toBe('oldfdp.exe');
    const download = await fetch(`${s.url}/api/outbox/${res.body.data._id}/attachments/${stored.id}`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`);
  });
});

describe('bad input to send', () => {
  const pdfBytes = new TextEncoder().encode('%PDF-1.4\n%test\n');
  it.each([
    ['no recipient', () => sendForm({ subject: 'x' }), 400, 'to', 'required'],
    ['an empty recipient', () => sendForm({ to: '' }), 400, 'to', 'required'],
    ['a bad address', () => sendForm({ to: 'not-an-address' }), 400, 'to.0', 'invalidEmail'],
    ['a bad cc', () => sendForm({ to: 'a@example.com', cc: 'b@' }), 400, 'cc.0', 'invalidEmail'],
    ['an unknown language', () => sendForm({ to: 'a@example.com', lang: 'xx' }), 400, 'lang', 'oneOf'],
    ['an unknown field', () => sendForm({ to: 'a@example.com', bcc: 'c@example.com' }), 400, 'bcc', 'unknownField'],
    ['a file that is not what its type claims', () => sendForm({ to: 'a@example.com' }, [{ name: 'invoice.pdf', type: 'application/pdf', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00]) }]), 400, 'attachments.0', 'contentMismatch'],
    ['a file of a type not accepted', () => sendForm({ to: 'a@example.com' }, [{ name: 'run.exe', type: 'application/x-msdownload', bytes: new Uint8Array([0x4d, 0x5a]) }]), 400, 'attachments.0', 'oneOf'],
    ['a file in another field', () => { const f = sendForm({ to: 'a@example.com' }); f.append('other', new Blob([pdfBytes], { type: 'application/pdf' }), 'a.pdf'); return f; }, 400, 'other', 'unknownField'],
    ['an 11 MB attachment', () => sendForm({ to: 'a@example.com' }, [{ name: 'big.pdf', type: 'application/pdf', bytes: new Uint8Array(11 * 1024 * 1024).fill(0x20).map((b, i) => (i < 5 ? pdfBytes[i] : b)) }]), 413, 'attachments.0', 'fileTooLarge'],
  ])('%s: %i naming the field and why, nothing queued', async (_, form, status, path, code) => {
    await useSink();
    const before = await counts();
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, form());
    expect(res.status).toBe(status);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await counts()).toEqual(before);
  });

  it('a 30 MB upload: 413 before it is read, nothing queued', async () => {
    const before = await counts();
    const res = await owner.form(`/api/budget/income/${receiptId}/send`, sendForm({ to: 'a@example.com' }, [{ name: 'huge.pdf', type: 'application/pdf', bytes: new Uint8Array(30 * 1024 * 1024) }])).catch((e: Error) => ({ status: 0, body: e.message }));
    expect(res.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('JSON works too (without files)', async () => {
    await noSmtp();
    const res = await owner.post(`/api/budget/income/${receiptId}/send`, { to: 'json@example.com', lang: 'de' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'outbox', language: 'de', subject: `Quittung ${receiptNumber} von Demo Travels` });
  });
});

describe('the package brochure', () => {
  const brochure = async (agent: Agent, id: string, lang: string) => {
    const res = await fetch(`${s.url}/api/personalized-tours/${id}/pdf?lang=${lang}`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const money = usd;

  it('shows the plan and the selling prices per person, never a line’s cost or markup', async () => {
    const list = await owner.get('/api/personalized-tours?limit=50');
    const withLines = [];
    for (const row of list.body.data) withLines.push((await owner.get(`/api/personalized-tours/id/${row._id}`)).body.data);
    const tour = withLines.find((t) => t.lines.length > 0 && t.days.some((d: { hotel: unknown }) => d.hotel));
    expect(tour).toBeDefined();
    const file = await brochure(owner, tour._id, 'en');
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' });
    const text = pdfText(file.bytes);
    expect(text).toContain(tour.title);
    for (const day of tour.days) {
      expect(text).toContain(`Day ${day.dayNumber} · ${day.destination.name}`);
      if (day.hotel) expect(text).toContain(day.hotel.name);
    }
    expect(text).toContain(`From ${money(tour.pricePerPerson.adult)} per person`);
    const selling = new Set([tour.pricePerPerson.adult, tour.pricePerPerson.child, tour.pricePerPerson.infant].map(money));
    for (const line of tour.lines) {
      const cost = money(line.unitCost);
      if (!selling.has(cost)) expect(text).not.toContain(cost);
      if (line.markupType === 'amount' && line.markup > 0 && !selling.has(money(line.markup))) expect(text).not.toContain(money(line.markup));
    }
    pdfPages(file.bytes, 'brochure-demo-en');

    const arabic = pdfText((await brochure(owner, tour._id, 'ae')).bytes);
    expect(arabic).toContain('الأسعار');
    expect(arabic).toContain('الرحلة في لمحة');
    expect((await brochure(owner, tour._id, 'xx')).status).toBe(400);
    expect((await brochure(await s.login('owner@globe.travel'), tour._id, 'en')).status).toBe(404);
  });

  it('is sent by whoever may see packages, recorded on the package, the PDF attached', async () => {
    await noSmtp();
    const [row] = (await owner.get('/api/personalized-tours?limit=1')).body.data;
    const sales = await s.login('sales@demo.travel');
    const res = await sales.post(`/api/personalized-tours/${row._id}/send`, { to: 'traveller@example.com', lang: 'en' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'outbox', recordType: 'personalized-tour', recordId: row._id, recordLabel: row.title, document: 'brochure', subject: `${row.title}: a tour by Demo Travels` });
    expect((await sales.get(`/api/personalized-tours/${row._id}/sends`)).body.data[0]._id).toBe(res.body.data._id);
    const eml = await fetch(`${s.url}/api/outbox/${res.body.data._id}/eml`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.attachments[0].contentType).toBe('application/pdf');
    expect(pdfText(parsed.attachments[0].content)).toContain(row.title);
  });
});

describe('the organization on its documents: logo and address', () => {
  const logoForm = (bytes: Uint8Array, type = 'image/png', field = 'logo') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'logo.png');
    return form;
  };
  const logoBytes = async (agent: Agent) => {
    const res = await fetch(`${s.url}/api/members/organization/logo`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('prints the uploaded logo and the address in the header of every document', async () => {
    const logo = testLogo();
    const put = await owner.put('/api/members/organization/logo', logoForm(logo));
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ contentType: 'image/png', size: logo.length });
    expect(await logoBytes(owner)).toMatchObject({ status: 200, type: 'image/png', bytes: logo });
    const address = await owner.put('/api/members/organization', { address: 'Office 1204, Bay Square 3\nBusiness Bay, Dubai' });
    expect(address.body.data.address).toBe('Office 1204, Bay Square 3\nBusiness Bay, Dubai');

    const file = await pdf(owner, receiptId, 'en');
    expect(pdfText(file)).toContain('Office 1204, Bay Square 3 · Business Bay, Dubai');
    expect(execFileSync('pdfimages', ['-list', '-'], { input: file }).toString()).toMatch(/image\s+96\s+96/);
    pdfPages(file, 'receipt-logo-en');
    // Another organization's documents and logo are its own.
    const globe = await s.login('owner@globe.travel');
    expect((await logoBytes(globe)).status).toBe(404);

    expect((await owner.delete('/api/members/organization/logo')).body).toEqual({ data: null });
    expect((await logoBytes(owner)).status).toBe(404);
    expect(execFileSync('pdfimages', ['-list', '-'], { input: await pdf(owner, receiptId, 'en') }).toString()).not.toMatch(/image\s+96/);
  });

  it.each([
    ['no file', () => new FormData(), 400, 'required'],
    ['a GIF', () => logoForm(Buffer.from('GIF89a'), 'image/gif'), 400, 'oneOf'],
    ['a PNG that says it is a JPEG', () => logoForm(testLogo(), 'image/jpeg'), 400, 'contentMismatch'],
    ['a PNG whose data is broken', () => logoForm(Buffer.concat([testLogo().subarray(0, 40), Buffer.alloc(200, 7)])), 400, 'unreadableImage'],
    ['a 3000-pixel-wide image', () => logoForm(makePng(3000, 2, () => [0, 0, 0, 255])), 400, 'imageTooLarge'],
    ['a file in another field', () => logoForm(testLogo(), 'image/png', 'image'), 400, 'unknownField'],
    ['a 2 MB file', () => logoForm(Buffer.concat([testLogo(), Buffer.alloc(2 * 1024 * 1024)])), 413, ''],
  ])('refuses %s: %i naming logo and why, the logo unchanged', async (_, form, status, code) => {
    await owner.put('/api/members/organization/logo', logoForm(testLogo(64)));
    const before = await logoBytes(owner);
    const res = await owner.put('/api/members/organization/logo', form());
    expect(res.status).toBe(status);
    if (code) expect(res.body.issues[0]).toMatchObject({ code });
    expect(await logoBytes(owner)).toEqual(before);
  });

  it('is the organization managers’ to change', async () => {
    const sales = await s.login('sales@demo.travel');
    expect((await sales.put('/api/members/organization/logo', logoForm(testLogo()))).status).toBe(403);
    expect((await sales.delete('/api/members/organization/logo')).status).toBe(403);
  });
});

// Last: rendering every language takes seconds of CPU in this process, which the server shares.
describe('the renderer', () => {
  it('has every document word in all 16 languages (words with a number in each plural form the language has), and each renders', async () => {
    // A word with a number (`{ one, other }`) is one key; its forms are checked against the language's plural rules.
    const plural = (v: object): v is Record<string, string> => 'other' in v;
    const flat = (o: object, p = ''): [string, string | Record<string, string>][] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' || plural(v) ? [[`${p}${k}`, v] as [string, string | Record<string, string>]] : flat(v, `${p}${k}.`)));
    const english = flat(DOCUMENT_STRINGS.en).map(([k]) => k);
    const org = { name: 'Demo Travels', currency: 'EUR', timeZone: 'Europe/Paris', colorPrimary: '#14b8a6', colorSecondary: '#3b82f6', terms: null };
    for (const lang of LOCALES) {
      const words = flat(DOCUMENT_STRINGS[lang]);
      expect(words.map(([k]) => k), lang).toEqual(english);
      const categories = new Intl.PluralRules(lang === 'ae' ? 'ar' : lang).resolvedOptions().pluralCategories;
      for (const [k, v] of words) {
        if (typeof v === 'string') expect(v.trim(), `${lang} ${k}`).not.toBe('');
        else {
          expect(Object.keys(v).sort(), `${lang} ${k}`).toEqual([...categories].sort());
          // Arabic says one and two nights without the number (ليلة واحدة، ليلتان); every language's `other` has it.
          expect(v.other, `${lang} ${k}`).toContain('{{count}}');
        }
      }
      const { pdf: file } = await renderDocument(receiptTemplate, { number: 'RCT-2026-0042', date: '2026-01-31', amount: 4200, currency: 'EUR', paymentMethod: 'cash', description: 'x' }, org, lang);
      expect(pdfText(file), lang).toContain(DOCUMENT_STRINGS[lang].receipt.title);
    }
  });

  it('refuses to put a cost or a markup on a customer document', async () => {
    const leaky: DocumentTemplate<{ lines: { name: string; unitCost: number }[] }> = { ...receiptTemplate, render: () => {} } as never;
    const org = { name: 'Demo Travels', currency: 'USD', timeZone: 'UTC', colorPrimary: '#14b8a6', colorSecondary: '#3b82f6', terms: null };
    await expect(renderDocument(leaky, { lines: [{ name: 'Hotel', unitCost: 100 }] }, org, 'en')).rejects.toThrow(/data\.lines\[0\]\.unitCost/);
  });
});
