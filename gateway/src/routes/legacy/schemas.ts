import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';

// The legacy answers are serialised from these schemas (fast-json-stringify): a property not
// described is dropped, a value is coerced to its described type. So they describe the bytes old
// clients have always received; change one only together with the legacy tests that pin it.

/** Every legacy answer is the same envelope; `data` differs per route, null on a refusal (or always, without a schema). */
export function envelope<T extends TSchema>(data?: T) {
  return {
    200: Type.Object({ code: Type.Integer(), message: Type.String(), data: data ? Type.Union([Type.Null(), data]) : Type.Null() }),
  } as const;
}

/** What a refusal answers (any status but 200): the envelope without data. Documented, not serialised by schema. */
export const refusal = Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Null() }, { additionalProperties: false });

/** A form field: a string; ajv coerces a number (JSON bodies) or a one-element array (a repeated key sent once) to it. */
export const s = Type.String({ maxLength: 2048 });

/** A form body: the named fields, all optional; whatever else old clients send beside them is let through. */
export const formBody = <P extends TProperties>(properties: P) => Type.Partial(Type.Object(properties, { additionalProperties: true }));

/** A string or null, written as a type list so it serialises as before (a null stays null). */
export const nullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** An object whose properties vary (a stored record, a result passed through as is). */
export const openObject = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** The `:orderNo` path parameter of the payment checks and the download link. */
export const orderNoParams = Type.Object({ orderNo: Type.String({ description: 'the order number (or a payment attempt reference)' }) });

export type Refusal = Static<typeof refusal>;
