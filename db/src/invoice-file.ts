/**
 * The largest invoice file the shop keeps (10 MiB): an e-invoice PDF or OFD is usually well under
 * 1 MiB, and the file is stored in the database (invoice_documents.content), whose CHECK states the
 * same number (migrations import no app code, so it is written there as a literal).
 */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;
