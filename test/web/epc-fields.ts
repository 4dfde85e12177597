// Reads an EPC QR payload (EPC069-12) back into its named fields, as a banking app does.
export function epcFields(payload: string) {
  const [serviceTag, version, charset, identification, bic, name, iban, amount, purpose, reference, text, info] = payload.split('\n');
  return { serviceTag, version, charset, identification, bic, name, iban, amount, purpose, reference, text, ...(info !== undefined ? { info } : {}) };
}
