import { Box, CloseButton, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

// Short messages of the error catalogue and the success notes. A small store of its own
// instead of the toast machine keeps the first load light.

type Kind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: Kind;
  title: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: Kind, title: string, ms: number): void {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, kind, title }];
  emit();
  window.setTimeout(() => dismiss(id), ms);
}

export const notify = {
  success: (title: string) => show('success', title, 3000),
  error: (title: string) => show('error', title, 4000),
  info: (title: string) => show('info', title, 3000),
};

// White text needs 4.5:1: green.700, red.600 and blue.600 give it, green.600 does not.
const colors: Record<Kind, string> = { success: 'green.700', error: 'red.600', info: 'blue.600' };

export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
  return (
    // Below the 64 px header bar, never over it (its menus and Login stay usable), at the right
    // edge, clear of the page's title at the left (centred, the login's toast covered it); on
    // phones at the bottom, clear of the mobile bar's menu button. While a dialog is open the
    // header is behind its backdrop and cannot be used: the toasts then sit over it, clear of the
    // dialog's title (a dialog starts about 80 px down).
    <Stack
      position="fixed"
      top={{ base: 'auto', md: '76px' }}
      css={{ 'body:has([role=dialog], [role=alertdialog]) &': { top: { base: 'auto', md: '3' } } }}
      bottom={{ base: 4, md: 'auto' }}
      left={{ base: '50%', md: 'auto' }}
      right={{ base: 'auto', md: '4' }}
      transform={{ base: 'translateX(-50%)', md: 'none' }}
      zIndex="toast"
      gap={2}
      w="min(92vw, 420px)"
      pointerEvents="none"
    >
      {list.map((t) => (
        <Box
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-type={t.kind}
          bg={colors[t.kind]}
          color="white"
          borderRadius="md"
          boxShadow="lg"
          px={4}
          py={3}
          display="flex"
          alignItems="center"
          gap={2}
          pointerEvents="auto"
        >
          <Text flex="1" fontSize="sm" fontWeight="medium">
            {t.title}
          </Text>
          <CloseButton size="2xs" variant="plain" color="white" onClick={() => dismiss(t.id)} aria-label="×" />
        </Box>
      ))}
    </Stack>
  );
}
