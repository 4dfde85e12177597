import { Link } from '@chakra-ui/react';
import { SERVICE_EMAIL } from '../../lib/config';

export function ServiceEmail({ email = SERVICE_EMAIL }: { email?: string }) {
  return (
    <Link href={`mailto:${email}`} color="blue.600" data-testid="service-email">
      {email}
    </Link>
  );
}
