/**
 * The documents area's face: PDFs (the templates and their strings in 16 languages), e-mail through
 * the organization's mail server or the outbox, and the send routes a record's area mounts.
 */
export { outboxRoutes } from './routes';
export { documentQueues } from './jobs';
export { deliver, smtpError, type EmailSettings, type OutgoingMessage } from './mailer';
export { documentFormatters } from './render';
export { documentSends } from './schema';
export { disposition, documentPdfRoute, documentRoutes, documentSendRoute } from './send-route';
export { renderRecordDocument, sendEmail, sendRecordDocument, type RecordDocument } from './store';
export { DOCUMENT_STRINGS, fill, type DocumentStrings } from './strings';
export { bookingConfirmationTemplate, bookingInvoiceTemplate, bookingReceiptTemplate, type BookingConfirmationData, type BookingInvoiceData, type BookingReceiptData } from './templates/booking';
export { receiptTemplate } from './templates/receipt';
export { brochureTemplate, itineraryTemplate, type BrochureData, type ItineraryData, type TourDocumentContact } from './templates/tour';
export { voucherTemplate, type VoucherData } from './templates/voucher';
export { cancellationConfirmationTemplate, creditNoteTemplate, type CancellationConfirmationData, type CreditNoteData } from './templates/cancellation';
