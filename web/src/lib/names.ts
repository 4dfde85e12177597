// Chinese names are written family name first and without a space (王小明); names in Latin and
// other scripts keep the given name first (Anna Schmidt).

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The name a person is addressed by, from the given and family name of the account. */
export function displayName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const last = lastName.trim();
  if (HAN.test(first) || HAN.test(last)) return `${last}${first}`;
  return `${first} ${last}`.trim();
}
