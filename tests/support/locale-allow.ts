/**
 * English a language may keep word for word (tests/ui/locales.test.ts). `*`: codes and names every
 * language keeps (ID, PDF, SWIFT / BIC, Cc, the subscription plans' names). Per language: the words it
 * writes exactly as English does, checked one by one as that language's own usage (German Status,
 * Hotel, Name; French Date, Description, Transport; Danish Send, Booking; the trade's Voucher, Transfer
 * and Lead where the trade says so; a phrase only where every word is the language's own). An entry no value uses fails
 * the test, so the list only shrinks.
 */
export const ALLOWED_ENGLISH: Record<string, readonly string[]> = {
  '*': ['ID', 'PDF', 'SWIFT / BIC', 'Cc', 'Starter', 'Business', 'Enterprise'],
  da: ['Bank', 'Book', 'Booking', 'Brochure', 'brochure', 'Budget', 'Budget for {{month}}', 'Destination', 'for {{name}}', 'Guide', 'Hotel', 'Import', 'Invitation', 'Layout', 'Lead', 'Leads', 'Logo', 'Menu', 'Mine', 'Model', 'Note', 'Partner', 'Plan', 'Port', 'Reference', 'Region', 'Send', 'send', 'Send {{count}} voucher', 'Send {{document}} {{label}}', 'Sightseeing', 'Software', 'STARTTLS (port 587)', 'Status', 'System', 'TLS (port 465)', 'Transfer', 'Transfers', 'Transport', 'Type', 'Version', 'Version {{version}}', 'Voucher', 'Voucher {{label}}', 'Wellness', '{{count}} lead', '{{count}} leads', '{{title}}: version {{version}}'],
  de: ['Bank', 'Budget', 'Details', 'Horizontal', 'Hotel', 'Hotels', 'Import', 'Journal', 'Layout', 'Lead', 'Leads', 'Logo', 'Marketing', 'Name', 'Partner', 'Pipeline', 'Port', 'Region', 'Software', 'Status', 'System', 'Transfer', 'Transfers', 'Transport', 'Version', 'Version {{version}}', 'Voucher', 'Voucher {{label}}', 'Website', 'Wellness'],
  el: ['Email', 'Voucher', 'Voucher {{label}}', 'Vouchers'],
  es: ['Cheque', 'Cheques', 'Horizontal', 'Hotel', 'Marketing', 'No', 'no', 'Plan', 'Roles', 'Software', 'Total', 'Total, {{month}}', 'Total: {{total}}', 'Vertical'],
  fr: ['Actions', 'Assistant', 'Brochure', 'brochure', 'Budget', 'Configurations', 'Contacts', 'Correction', 'Culture', 'Date', 'Dates', 'Description', 'Destination', 'Destinations', 'Document', 'Documents', 'Guide', 'Horizontal', 'Import', 'Invitation', 'Journal', 'Logo', 'Marketing', 'Menu', 'Message', 'Module', 'Modules', 'Note', 'Notes', 'Notifications', 'Pages', 'Pipeline', 'Port', 'Source', 'STARTTLS (port 587)', 'TLS (port 465)', 'Total', 'Total, {{month}}', 'Transactions', 'Transport', 'Type', 'Urgent', 'Version', 'Version {{version}}', 'Vertical', 'Visa', 'Voucher', 'Voucher {{label}}', 'Vouchers'],
  hu: ['Bank', 'Marketing', 'Partner', 'Port', 'Voucher', 'Wellness'],
  it: ['Brochure', 'brochure', 'Budget', 'Email', 'Follow-up', 'Hotel', 'Layout', 'Lead', 'Logo', 'Marketing', 'Menu', 'no', 'No', 'Partner', 'Password', 'Pipeline', 'Social media', 'Software', 'Voucher', 'Voucher {{label}}', '{{count}} lead'],
  pl: ['Bank', 'Follow-up', 'Hotel', 'Import', 'Lead', 'Logo', 'Marketing', 'Menu', 'Model', 'Partner', 'Plan', 'Port', 'Region', 'STARTTLS (port 587)', 'Status', 'System', 'TLS (port 465)', 'Transfer', 'Transport', 'Voucher', 'Voucher {{label}}', 'Wellness', '{{count}} lead'],
  pt: ['Cheque', 'Cheques', 'Horizontal', 'Hotel', 'Lead', 'Leads', 'Marketing', 'Menu', 'Software', 'Total', 'Total, {{month}}', 'Total: {{total}}', 'Vertical', 'Voucher', 'Voucher {{label}}', 'Vouchers', '{{count}} lead', '{{count}} leads'],
  sv: ['Bank', 'Budget', 'Guide', 'Import', 'Layout', 'Lead', 'Leads', 'Lunch', 'Partner', 'Per person', 'Plan', 'Port', 'Region', 'Sightseeing', 'STARTTLS (port 587)', 'Status', 'System', 'TLS (port 465)', 'Transfer', 'Transport', 'Version', 'Version {{version}}', 'Voucher', 'Voucher {{label}}', '{{amount}} per person', '{{count}} lead', '{{count}} leads', '{{title}}: version {{version}}'],
  tr: ['Logo', 'Model', 'Port', 'STARTTLS (port 587)', 'TLS (port 465)', 'Transfer', 'Voucher', 'Voucher {{label}}'],
};
