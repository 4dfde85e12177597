import { Fragment } from 'react';

/**
 * An email address that, when it must wrap, wraps before its `@` and its dots (and at its hyphens,
 * as any text does) rather than at any letter: `walk-zh-12` / `@example` / `.org`. The text
 * read, copied or spoken is the address unchanged.
 */
export function EmailText({ value }: { value: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
