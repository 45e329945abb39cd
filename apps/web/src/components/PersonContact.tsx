import { Fragment, type ReactNode } from 'react';
import { phoneHref } from '@cratebase/contract';
import Link from '@mui/material/Link';

export interface PersonContactProps {
  person: { name?: string | null; email?: string | null; phone?: string | null };
}

/**
 * A person as "Name · email · phone" (issue 27): the e-mail a mailto link, the phone a tel link.
 * Without a name (an older account) the e-mail leads; it is never "N/A".
 */
export function PersonContact({ person }: PersonContactProps) {
  const name = person.name?.trim();
  const email = person.email?.trim();
  const phone = person.phone?.trim();
  const parts: { key: string; node: ReactNode }[] = [];
  if (name) parts.push({ key: 'name', node: name });
  if (email) {
    parts.push({
      key: 'email',
      node: (
        <Link href={`mailto:${email}`} aria-label={name ? `E-mail ${name} at ${email}` : undefined}>
          {email}
        </Link>
      ),
    });
  }
  if (phone) {
    parts.push({
      key: 'phone',
      node: (
        <Link href={phoneHref(phone)} aria-label={name ? `Call ${name} at ${phone}` : undefined}>
          {phone}
        </Link>
      ),
    });
  }
  if (parts.length === 0) return <>A removed account</>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 && ' · '}
          {part.node}
        </Fragment>
      ))}
    </>
  );
}
