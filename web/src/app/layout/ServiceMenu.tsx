import { useTranslation } from '../../lib/use-translation';
import { Dropdown, DropdownItem, DropdownLabel } from '../../components/ui/Dropdown';
import { ServiceIcon } from '../../components/ui/icons';
import { SERVICE_EMAIL, SERVICE_EMAIL_2, SERVICE_HOTLINE } from '../../lib/config';

/** The customer-service icon: shows the service mailboxes and the hotline. */
export function ServiceMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      label={<ServiceIcon />}
      ariaLabel={t('nav.service')}
      buttonProps={{ title: `${t('nav.service')}${t('common.colon')}${SERVICE_EMAIL}` }}
      testId="service-menu"
    >
      {(close) => (
        <>
          <DropdownLabel>{t('nav.service')}</DropdownLabel>
          <DropdownItem href={`mailto:${SERVICE_EMAIL}`} onClick={close}>
            {t('nav.serviceEmail', { email: SERVICE_EMAIL })}
          </DropdownItem>
          <DropdownItem href={`mailto:${SERVICE_EMAIL_2}`} onClick={close}>
            {t('nav.serviceEmail', { email: SERVICE_EMAIL_2 })}
          </DropdownItem>
          <DropdownItem href={`tel:${SERVICE_HOTLINE.replace(/\s/g, '')}`} onClick={close}>
            {t('nav.hotline', { phone: SERVICE_HOTLINE })}
          </DropdownItem>
        </>
      )}
    </Dropdown>
  );
}
