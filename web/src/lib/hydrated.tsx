import { Button, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { createContext, startTransition, useContext, useEffect, useState, type ComponentProps, type ReactNode } from 'react';

const Hydrated = createContext(false);

/**
 * Says whether the app runs the page: false in the prerendered HTML and while React takes it over,
 * then true; true from the start for a page the browser renders itself.
 *
 * The flip is a transition held in context: React renders it in slices, and only the controls that
 * read it render again. (Read through useSyncExternalStore, as before, the differing server value
 * made React render every reader again synchronously right after hydration: a long task of a
 * few hundred milliseconds on a phone, the whole of My Orders being one reader.)
 */
export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating && !import.meta.env.SSR);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

/**
 * False in the prerendered HTML and while the SPA takes it over, true once the app runs the page.
 * A control whose action needs the app (Buy now) stays disabled until then: a tap on the painted
 * HTML would otherwise be lost without a sign, as a buyer on a slow phone would find.
 */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}

/**
 * A fieldset whose controls are disabled until the app runs the page. It alone renders again when
 * that changes: the content, made by its parent, is kept as it is.
 */
export function HydratedFieldset(props: Omit<HTMLChakraProps<'fieldset'>, 'disabled'>) {
  return <chakra.fieldset {...props} disabled={!useHydrated()} />;
}

/**
 * A button that is disabled until the app runs the page, as well as whenever its props say so: on
 * a page that came rendered, a tap before then would do nothing (Buy now, the header's Log In, the
 * language switch, the menus).
 */
export function HydratedButton({ disabled, ...props }: ComponentProps<typeof Button>) {
  const hydrated = useHydrated();
  return <Button {...props} disabled={disabled || !hydrated} />;
}
