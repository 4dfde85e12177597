import type { ComponentProps } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router-dom';

type Props = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/**
 * A link to a page of the SPA, rendered as react-router's <Link> renders a path (the href under
 * the basename, a plain click navigates in the app, a modified one is left to the browser), from
 * the hooks <Link> itself is built on. <Link> also carries framework mode's route prefetching and
 * view transitions, which the SPA does not use: about 2 KiB gzipped of a guest's first load.
 */
export function RouteLink({ to, onClick, target, ...rest }: Props) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/**
 * A RouteLink that marks itself when its page (or one under it) is shown, as react-router's
 * <NavLink> does: aria-current="page" and the class "active".
 */
export function NavRouteLink({ to, className, ...rest }: Props) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = here === target || (here.startsWith(target) && here.charAt(end) === '/');
  return <RouteLink {...rest} to={to} aria-current={active ? 'page' : undefined} className={[className, active ? 'active' : null].filter(Boolean).join(' ')} />;
}
