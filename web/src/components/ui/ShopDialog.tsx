import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { dialogRecipe } from '../../lib/theme';

interface Props {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Width in px (spec: 465, 536, 900, 960); narrower screens get the full width. */
  width: number;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  /**
   * The body may scroll with nothing in it to focus (text only, or a detail whose actions can all be
   * gone, as an order after its refund): keyboard users must still reach it to scroll (axe).
   */
  focusableBody?: boolean;
  /**
   * The control that takes the focus on opening, as a selector inside the dialog, when it is not the
   * first focusable one (a choice of method above the first field, say).
   */
  initialFocus?: string;
}

/** The shop's dialog: a fixed width, and (spec section 2) not closed by clicking outside. */
export function ShopDialog({ open, onClose, title, width, children, footer, testId, role = 'dialog', focusableBody = false, initialFocus }: Props) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      recipe={dialogRecipe}
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="inside"
      role={role}
      initialFocusEl={initialFocus ? () => content.current?.querySelector<HTMLElement>(initialFocus) ?? null : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content} maxW={`${width}px`} w="calc(100vw - 1rem)" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body tabIndex={focusableBody ? 0 : undefined}>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
