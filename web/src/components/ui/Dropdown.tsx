import { Box, chakra, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { HydratedButton } from '../../lib/hydrated';

interface Props {
  /** Content of the toggle button. */
  label: ReactNode;
  ariaLabel?: string;
  buttonProps?: ButtonProps;
  align?: 'start' | 'end';
  /** Panel content; `close` hides the panel (call it from items). */
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/**
 * A disclosure: a button that shows a panel of links or actions below it. Closes on Escape,
 * on a click outside and when an item calls `close`. Lighter than a full menu widget, which
 * keeps the header out of the popper and menu machinery on first load.
 */
export function Dropdown({ label, ariaLabel, buttonProps, align = 'end', children, testId }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Box position="relative" ref={root}>
      <HydratedButton
        ref={button}
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen(!open)}
        data-testid={testId}
        {...buttonProps}
      >
        {label}
      </HydratedButton>
      {open ? (
        <Box
          id={id}
          position="absolute"
          top="calc(100% + 4px)"
          {...(align === 'end' ? { right: 0 } : { left: 0 })}
          minW="220px"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          py={1}
          zIndex="dropdown"
        >
          {children(close)}
        </Box>
      ) : null}
    </Box>
  );
}

/** One row of a dropdown panel: a link (href) or an action (onClick). */
export function DropdownItem({ href, onClick, children, testId }: { href?: string; onClick?: () => void; children: ReactNode; testId?: string }) {
  const style = {
    display: 'block',
    w: 'full',
    textAlign: 'start' as const,
    px: 3,
    py: 2,
    fontSize: 'sm',
    _hover: { bg: 'gray.100' },
    _focusVisible: { bg: 'gray.100', outline: 'none' },
  };
  return href ? (
    <chakra.a href={href} onClick={onClick} data-testid={testId} {...style}>
      {children}
    </chakra.a>
  ) : (
    <chakra.button type="button" onClick={onClick} data-testid={testId} cursor="pointer" {...style}>
      {children}
    </chakra.button>
  );
}

export function DropdownLabel({ children }: { children: ReactNode }) {
  return (
    <Box px={3} py={1.5} fontSize="xs" color="fg.muted" fontWeight="semibold">
      {children}
    </Box>
  );
}
