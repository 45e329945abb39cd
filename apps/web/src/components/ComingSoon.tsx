import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TintedIcon } from './TintedIcon';

export interface NoticeCardProps {
  icon?: ReactNode;
  title: string;
  /** The title's element: a paragraph, or a heading when the card is a section of its page. */
  titleComponent?: 'p' | 'h2';
  children?: ReactNode;
}

/** A card with an icon, a one-line title and a sentence: what a section will do. */
export function NoticeCard({ icon, title, titleComponent = 'p', children }: NoticeCardProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          {icon && (
            <TintedIcon shape="rounded" iconSize={28}>
              {icon}
            </TintedIcon>
          )}
          <Box>
            <Typography variant="subtitle1" component={titleComponent} sx={{ color: 'text.primary' }}>
              {title}
            </Typography>
            {children && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {children}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export interface ComingSoonProps {
  /** The section's title, shown as the page heading. */
  title: string;
  icon?: ReactNode;
  /** One sentence on what the section will do. */
  purpose?: string;
}

/**
 * A section that exists in the navigation but is delivered in a later release. It says so
 * plainly instead of showing invented data.
 */
export function ComingSoon({ title, icon, purpose }: ComingSoonProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <NoticeCard icon={icon} title={`${title} is coming in a later release of Cratebase.`}>
        {purpose}
      </NoticeCard>
    </Stack>
  );
}
