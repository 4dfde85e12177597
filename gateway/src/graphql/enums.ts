/**
 * The SDL spells enum values in capitals, the database in lower case. Keeping the literal type
 * (`'paid'` becomes `'PAID'`) lets tsc compare each presented value with the SDL's enum.
 */
export const upper = <T extends string>(v: T): Uppercase<T> => v.toUpperCase() as Uppercase<T>;

/** The way back: an SDL enum value as the database spells it. */
export const lower = <T extends string>(v: T): Lowercase<T> => v.toLowerCase() as Lowercase<T>;
