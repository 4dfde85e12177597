// How a person's name is written for the operators, from the account's given and family name:
// Chinese names family name first and without a space (王小明), names in Latin and other scripts
// given name first (Anna Schmidt), as the storefront writes them (web/src/lib/names.ts).

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

export function personName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (HAN.test(first) || HAN.test(last)) return `${last}${first}`;
  return `${first} ${last}`.trim();
}
