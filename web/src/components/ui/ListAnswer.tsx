import { Spinner, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { messageOf } from '../../lib/errors';

interface ListAnswerProps<T> {
  /** The answer to the page and filter asked, once it has come. */
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** What the error says when it has no message of its own for the buyer or operator. */
  fallback: string;
  children: (answer: T | undefined) => ReactNode;
}

/**
 * The one rule of a filtered, paged list while it asks for a page. While the request runs, the
 * rows shown so far stay, so the list does not blink away at each page. Once it has failed, they
 * go and the error shows: rows of another filter or page under the one chosen would be read as its
 * answer. A failed request that still has an answer of its own (from the cache) shows both.
 */
export function ListAnswer<T>({ data, loading, error, fallback, children }: ListAnswerProps<T>) {
  // The last answer that came, kept across requests (as Apollo's previousData, for any data hook).
  const [previous, setPrevious] = useState(data);
  if (data && data !== previous) setPrevious(data);
  const answer = data ?? (error ? undefined : previous);
  return (
    <>
      {error ? (
        <Text color="red.600" role="alert" data-testid="list-error">
          {messageOf(error, fallback)}
        </Text>
      ) : null}
      {error && !answer ? null : !answer && loading ? <Spinner /> : children(answer)}
    </>
  );
}
