// Every legacy answer is the same envelope; `data` differs per route and is described there.
export function envelope(data: object = {}) {
  return {
    200: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { anyOf: [{ type: 'null' }, data] } },
    },
  } as const;
}

export const formBody = (properties: Record<string, object>) =>
  ({
    type: 'object',
    properties,
    additionalProperties: true,
  }) as const;

export const s = { type: 'string', maxLength: 2048 } as const;
