import { useTranslation } from '../../lib/use-translation';
import { GlobeIcon } from '../../components/ui/icons';
import { HydratedButton } from '../../lib/hydrated';
import { storedLocale, switchLocale } from '../../lib/i18n';

/** zh ⇄ en; stored locally, then the page reloads (spec section 1). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const next = storedLocale() === 'zh' ? 'en' : 'zh';
  return (
    <HydratedButton
      size="sm"
      variant="ghost"
      onClick={() => switchLocale(next)}
      aria-label={t('nav.switchToLabel')}
      data-testid="language-switch"
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      <GlobeIcon />
      {t('nav.switchTo')}
    </HydratedButton>
  );
}
