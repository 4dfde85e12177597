import { Box, Image, chakra } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';

interface Props {
  image: string | null;
  locked: boolean;
  onRefresh: () => void;
}

/** The 4-character captcha; clicking it loads a new one (locked for about a second after use). */
export function CaptchaImage({ image, locked, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <chakra.button
      type="button"
      onClick={onRefresh}
      disabled={locked}
      aria-label={t('auth.login.captchaImage')}
      title={t('auth.login.captchaImage')}
      data-testid="captcha-refresh"
      borderWidth="1px"
      borderRadius="md"
      h="40px"
      w="120px"
      flexShrink={0}
      cursor={locked ? 'wait' : 'pointer'}
      overflow="hidden"
      bg="white"
    >
      {image ? <Image src={image} alt="" h="full" w="full" objectFit="contain" data-testid="captcha-image" /> : <Box h="full" />}
    </chakra.button>
  );
}
