import { Box, CloseButton, Stack, Text } from '@chakra-ui/react';
import type { Toast, ToastKind } from './toaster';

// White text needs 4.5:1: green.700, red.600 and blue.600 give it, green.600 does not.
const colors: Record<ToastKind, string> = { success: 'green.700', error: 'red.600', info: 'blue.600' };

/** The toasts on screen (loaded with the first of them: components/ui/toaster.tsx). */
export default function ToastList({ list, dismiss }: { list: Toast[]; dismiss: (id: number) => void }) {
  return (
    // Below the 64 px header bar, never over it (its menus and Login stay usable); on phones at
    // the bottom, clear of the mobile bar's menu button.
    <Stack
      position="fixed"
      top={{ base: 'auto', md: '76px' }}
      bottom={{ base: 4, md: 'auto' }}
      left="50%"
      transform="translateX(-50%)"
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
